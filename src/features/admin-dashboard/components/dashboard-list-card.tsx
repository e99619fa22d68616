import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

export interface DashboardListRow {
  href: string;
  title: string;
  detail: ReactNode;
  aside: ReactNode;
}

interface DashboardListCardProps<TItem extends { id: string }> {
  /** Heading and the region's accessible name. */
  title: string;
  query: UseQueryResult<TItem[]>;
  errorText: string;
  emptyText: string;
  toRow: (item: TItem) => DashboardListRow;
  /** Classes of the figure on the right of each row. */
  asideClassName: string;
}

/** A short list on the dashboard: each row links to its detail page, with a figure on the right. */
export function DashboardListCard<TItem extends { id: string }>({
  title,
  query,
  errorText,
  emptyText,
  toRow,
  asideClassName,
}: DashboardListCardProps<TItem>) {
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <p className="text-sm text-destructive">{errorText}</p>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="divide-y">
            {query.data.map((item) => {
              const row = toRow(item);
              return (
                <li key={item.id} className="flex items-center justify-between gap-4 py-3">
                  <div>
                    <Link to={row.href} className="font-medium hover:underline">
                      {row.title}
                    </Link>
                    <p className="text-sm text-muted-foreground">{row.detail}</p>
                  </div>
                  <span className={asideClassName}>{row.aside}</span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
