import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A row of buttons of which one is chosen (sell or trade, cash or trade, a payment method). */
export function ChoiceGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  options: readonly { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-2', className)} role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-lg border p-2 text-sm',
            value === option.value
              ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700'
              : 'border-slate-300 hover:bg-slate-50',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
