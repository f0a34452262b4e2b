import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { cardDetailsSchema, type CardDetailsInput } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { popularCards, suggest, type SuggestField } from '../catalogue.ts';
import { AutocompleteInput, type Suggestion } from './autocomplete-input.tsx';
import { LocalPhoto } from './local-photo.tsx';

export interface CardDetails {
  cardName: string;
  cardSet: string;
  cardNumber: string;
  gameBrand: string;
  year: string;
}

const FIELDS: { name: SuggestField; label: string; placeholder: string }[] = [
  { name: 'cardName', label: 'Card name', placeholder: 'e.g. Charizard' },
  { name: 'cardSet', label: 'Card set', placeholder: 'e.g. Base Set' },
  { name: 'cardNumber', label: 'Card number (optional)', placeholder: 'e.g. 4/102' },
  { name: 'gameBrand', label: 'Game / brand', placeholder: 'e.g. Pokemon' },
  { name: 'year', label: 'Year (optional)', placeholder: 'e.g. 1999' },
];

/**
 * The card details form, with suggestions from the built-in catalogue. `blocked` says why the
 * card cannot go on to analysis yet (an outline still to place, a photo to retake).
 */
export function DetailsStep({
  frontUrl,
  pending,
  onSubmit,
  onBack,
  defaults,
  blocked,
}: {
  frontUrl: string | null;
  pending: boolean;
  onSubmit: (d: CardDetails) => void;
  onBack: () => void;
  defaults?: CardDetails | null;
  blocked?: string | null;
}) {
  const form = useForm<CardDetails>({
    resolver: zodResolver(cardDetailsSchema) as never,
    defaultValues: defaults ?? { cardName: '', cardSet: '', cardNumber: '', gameBrand: '', year: '' },
  });
  const values = form.watch();
  const set = (name: keyof CardDetails, value: string) =>
    form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });

  const suggestionsFor = (name: SuggestField): Suggestion[] => {
    const text = values[name] ?? '';
    const texts = suggest(name, text, name === 'cardName' ? 5 : 8).map((v) => ({
      key: `t-${v}`,
      label: v,
      onPick: () => set(name, v),
    }));
    if (name !== 'cardName') return texts;
    const popular = popularCards(text, 3).map((c) => ({
      key: `p-${c.cardName}-${c.cardSet}`,
      label: `★ ${c.cardName}`,
      detail: `${c.cardSet} · ${c.gameBrand} · ${c.year}`,
      onPick: () => {
        set('cardName', c.cardName);
        set('cardSet', c.cardSet);
        set('cardNumber', c.cardNumber ?? '');
        set('gameBrand', c.gameBrand);
        set('year', c.year);
      },
    }));
    return [...texts, ...popular];
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((d) => onSubmit(d as CardDetails))}
      className={frontUrl ? 'grid gap-6 md:grid-cols-[180px_1fr]' : 'grid gap-6'}
    >
      {frontUrl && (
        <div>
          <LocalPhoto
            url={frontUrl}
            alt="Front of the card"
            className="aspect-[2.5/3.5] w-full rounded-lg object-contain ring-1 ring-slate-200"
          />
        </div>
      )}
      <div className="space-y-4">
        <h3 className="text-lg font-semibold text-slate-900">Card details</h3>
        {FIELDS.map((f) => {
          const error = form.formState.errors[f.name]?.message;
          return (
            <div key={f.name} className="space-y-1.5">
              <Label htmlFor={`details-${f.name}`}>{f.label}</Label>
              <AutocompleteInput
                id={`details-${f.name}`}
                placeholder={f.placeholder}
                value={values[f.name] ?? ''}
                aria-invalid={error ? true : undefined}
                onTextChange={(v) => set(f.name, v)}
                suggestions={suggestionsFor(f.name)}
              />
              <FormMessage id={`details-${f.name}-error`} message={error} />
            </div>
          );
        })}
        {blocked && (
          <p className="text-sm text-amber-900" role="status" data-testid="analysis-blocked">
            {blocked}
          </p>
        )}
        <div className="flex justify-between gap-3 pt-2">
          <Button type="button" variant="outline" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" disabled={pending || Boolean(blocked)}>
            {pending ? 'Saving...' : 'Continue to Analysis'}
          </Button>
        </div>
      </div>
    </form>
  );
}

export type { CardDetailsInput };
