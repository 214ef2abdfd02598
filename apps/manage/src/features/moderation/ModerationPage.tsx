export function ModerationPage() {
  return (
    <section aria-labelledby="manage-moderation-title">
      <h1 id="manage-moderation-title">Moderation</h1>
    </section>
  );
}
