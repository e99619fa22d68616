import { Link } from 'react-router-dom';
import { site } from '@/lib/site';
import { cn } from '@/lib/utils';

/** The brand mark: a flame rising from a leaf (fire, food, forest) - also the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('h-9 w-9 shrink-0', className)}>
      <circle cx="16" cy="16" r="15" className="fill-primary" />
      <path
        d="M16 6.5c3.4 4.3 5.6 7.6 5.6 10.8a5.6 5.6 0 0 1-11.2 0c0-3.2 2.2-6.5 5.6-10.8z"
        fill="#e08a45"
      />
      <path d="M16 13.5c1.5 1.9 2.4 3.4 2.4 4.8a2.4 2.4 0 0 1-4.8 0c0-1.4.9-2.9 2.4-4.8z" fill="#f6d49b" />
      <path
        d="M9 24.5c2.5-1.6 4.8-2.2 7-2.2s4.5.6 7 2.2"
        stroke="#f6efe2"
        strokeWidth="1.4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <Link
      to="/"
      className={cn('group flex items-center gap-2.5 rounded-md', className)}
      aria-label={`${site.name} – zur Startseite`}
    >
      <LogoMark className={markClassName} />
      <span className="font-serif text-xl font-semibold tracking-tight">{site.name}</span>
    </Link>
  );
}
