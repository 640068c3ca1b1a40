import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './spinner';
import './button.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

function classes(variant: Variant, block: boolean, extra?: string) {
  return ['btn', `btn--${variant}`, block && 'btn--block', extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  block = false,
  loading = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes(variant, block, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size={18} label="" /> : icon}
      <span>{children}</span>
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  block?: boolean;
  icon?: ReactNode;
}

/** Navigation that looks like a button stays a link, so it opens in a new tab and reads right. */
export function ButtonLink({
  variant = 'primary',
  block = false,
  icon,
  className,
  children,
  ...props
}: ButtonLinkProps) {
  return (
    <Link className={classes(variant, block, className)} {...props}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}
