import { lazy, Suspense } from 'react';
import { useToast } from '@/components/ui/use-toast';

// Most visits never raise a toast; the Radix toast code loads with the first one.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

export function DeferredToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
