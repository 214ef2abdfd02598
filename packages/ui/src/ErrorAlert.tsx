/** A failure with the pod's own messages listed under a header of ours (product.md §4, §8.2). */
export function ErrorAlert({ title, messages }: { title: string; messages: string[] }) {
  return (
    <div className="ui-alert" role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      {messages.length > 0 && (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
