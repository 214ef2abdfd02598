import type { ReactNode } from 'react';

export interface DetailHeaderProps {
  titleId: string;
  title: string;
  cover: string | null;
  children?: ReactNode;
}

/** The top of a detail page: cover, title (the page's h1) and whatever the page adds under it. */
export function DetailHeader({ titleId, title, cover, children }: DetailHeaderProps) {
  return (
    <header className="listen-detail-header">
      {cover ? (
        <img src={cover} alt="" width={200} height={200} />
      ) : (
        <div className="listen-card__placeholder listen-detail-header__placeholder" />
      )}
      <div>
        <h1 id={titleId}>{title}</h1>
        {children}
      </div>
    </header>
  );
}
