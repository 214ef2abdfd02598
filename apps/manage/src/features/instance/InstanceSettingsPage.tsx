export function InstanceSettingsPage() {
  return (
    <section aria-labelledby="manage-settings-title">
      <h1 id="manage-settings-title">Instance settings</h1>
    </section>
  );
}
