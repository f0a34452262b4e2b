import { useId, useRef, useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export interface Suggestion {
  key: string;
  label: string;
  detail?: string;
  onPick: () => void;
}

const BLUR_CLOSE_MS = 150;

/** A text input with a suggestion list: arrow keys move, Enter picks, Escape closes, blur closes after 150 ms. */
export function AutocompleteInput({
  suggestions,
  onTextChange,
  className,
  ...input
}: ComponentProps<typeof Input> & { suggestions: Suggestion[]; onTextChange: (v: string) => void }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const visible = open && suggestions.length > 0;

  const pick = (s: Suggestion) => {
    s.onPick();
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="relative">
      <Input
        {...input}
        className={className}
        role="combobox"
        aria-expanded={visible}
        aria-controls={listId}
        aria-autocomplete="list"
        autoComplete="off"
        onChange={(e) => {
          onTextChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={(e) => {
          input.onBlur?.(e);
          closeTimer.current = setTimeout(() => setOpen(false), BLUR_CLOSE_MS);
        }}
        onKeyDown={(e) => {
          if (!visible) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => (i + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            pick(suggestions[active]!);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {visible && (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((s, i) => (
            <li
              key={s.key}
              role="option"
              aria-selected={i === active}
              className={cn(
                'cursor-pointer px-3 py-1.5 text-sm',
                i === active ? 'bg-brand-50 text-brand-700' : 'hover:bg-slate-50',
              )}
              onMouseDown={(e) => {
                e.preventDefault();
                clearTimeout(closeTimer.current);
                pick(s);
              }}
            >
              <span>{s.label}</span>
              {s.detail && <span className="ml-2 text-xs text-slate-500">{s.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
