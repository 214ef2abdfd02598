export function UsersPage() {
  return (
    <section aria-labelledby="manage-users-title">
      <h1 id="manage-users-title">Users</h1>
    </section>
  );
}
