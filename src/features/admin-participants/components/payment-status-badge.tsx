import { Badge, type BadgeProps } from '@/components/ui/badge';
import { paymentStatusLabel } from '../lib/admin-participant';

const variants: Record<string, BadgeProps['variant']> = {
  paid: 'success',
  pending: 'warning',
  cancelled: 'destructive',
};

export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge variant={variants[status] ?? 'outline'}>{paymentStatusLabel(status)}</Badge>;
}
