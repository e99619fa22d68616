import { Badge, type BadgeProps } from '@/components/ui/badge';
import { paymentStatusLabel } from '../lib/admin-participant';

const variants: Record<string, BadgeProps['variant']> = {
  paid: 'success',
  pending: 'warning',
  cancelled: 'destructive',
};

export function PaymentStatusBadge({ status, refundOpen = false }: { status: string; refundOpen?: boolean }) {
  const badge = <Badge variant={variants[status] ?? 'outline'}>{paymentStatusLabel(status)}</Badge>;
  if (!refundOpen) return badge;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {badge}
      <Badge variant="warning">Rückerstattung offen</Badge>
    </span>
  );
}
