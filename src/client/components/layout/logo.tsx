import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export function Logo({
  className,
  inverse = false,
  lazy = false,
}: {
  className?: string;
  inverse?: boolean;
  lazy?: boolean;
}) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-lg text-xl font-bold tracking-tight',
        inverse ? 'text-white' : 'text-primary-800',
        className,
      )}
    >
      <img
        src="/images/logo.svg"
        alt=""
        width={32}
        height={32}
        loading={lazy ? 'lazy' : undefined}
        className="size-8"
      />
      <span>Trillium</span>
    </Link>
  );
}
