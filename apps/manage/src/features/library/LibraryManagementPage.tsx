export function LibraryManagementPage() {
  return (
    <section aria-labelledby="manage-library-title">
      <h1 id="manage-library-title">Library management</h1>
    </section>
  );
}
