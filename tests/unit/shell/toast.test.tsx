import { act, render, screen } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts, toast, useToast } from '@/components/ui/use-toast';

// Spec §9: one toast at a time, shown 5000 ms, removed from the store 1,000,000 ms after closing.

function StoreSize() {
  const { toasts } = useToast();
  return <output aria-label="Toasts im Speicher">{toasts.length}</output>;
}

function renderToaster() {
  return render(
    <>
      <Toaster />
      <StoreSize />
    </>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows only the newest toast', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Erste Meldung' });
      toast({ title: 'Zweite Meldung', description: 'Mit Text' });
    });
    expect(screen.getByText('Zweite Meldung')).toBeInTheDocument();
    expect(screen.getByText('Mit Text')).toBeInTheDocument();
    expect(screen.queryByText('Erste Meldung')).not.toBeInTheDocument();
  });

  it('closes after 5000 ms and leaves the store after 1,000,000 ms more', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Gespeichert', variant: 'destructive' });
    });
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Gespeichert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Toasts im Speicher')).toHaveTextContent('1');
    act(() => vi.advanceTimersByTime(999_000));
    expect(screen.getByLabelText('Toasts im Speicher')).toHaveTextContent('1');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByLabelText('Toasts im Speicher')).toHaveTextContent('0');
  });

  it('can be dismissed from the returned handle', () => {
    renderToaster();
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Weg damit' });
    });
    act(() => handle?.dismiss());
    expect(screen.queryByText('Weg damit')).not.toBeInTheDocument();
  });
});
