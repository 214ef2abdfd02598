import type { ReactNode } from 'react';

export interface InfoRow {
  label: string;
  value: ReactNode;
}

/** A two-column table of facts about an object, its caption as a visible heading. */
export function InfoTable({ caption, rows }: { caption: string; rows: InfoRow[] }) {
  return (
    <table className="listen-table listen-info-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
