import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import {
  IN_PERSON_MAX_CARDS,
  formatDollars,
  inPersonSubmissionSchema,
  inPersonTotal,
  type CurrentUser,
  type InPersonCreated,
  type InPersonService,
  type InPersonSubmissionData,
  type InPersonSubmissionInput,
} from '@gradelens/shared';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { cn } from '@/lib/utils';
import { useSubmitInPerson } from '../api/submissions.ts';

const emptyCard = { cardName: '', cardSet: '', gameBrand: '', estimatedValue: '' };

/**
 * The in-person grading form: contact and return address, the cards row by row, the service
 * with its price per card, and the total before sending. The server checks and prices it again.
 */
export function SubmitForm({
  user,
  services,
  onSent,
}: {
  user: CurrentUser | null;
  services: InPersonService[];
  onSent: (created: InPersonCreated, email: string) => void;
}) {
  const submit = useSubmitInPerson();
  const form = useForm<InPersonSubmissionInput, unknown, InPersonSubmissionData>({
    resolver: zodResolver(inPersonSubmissionSchema),
    defaultValues: {
      // An account has a username, not a full name: a start the person corrects.
      customerName: user?.username ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      cardList: [emptyCard],
      serviceType: services[0]?.id ?? 'standard',
      submissionNotes: '',
    },
  });
  const { errors } = form.formState;
  const cards = useFieldArray({ control: form.control, name: 'cardList' });
  const [serviceType, cardList] = useWatch({ control: form.control, name: ['serviceType', 'cardList'] });
  const service = services.find((s) => s.id === serviceType);
  const count = cardList?.length ?? 0;

  const onSubmit = form.handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: (created) => onSent(created, values.email),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const [name, message] of Object.entries(error.fields))
            form.setError(name as Path<InPersonSubmissionInput>, { type: 'server', message });
        }
        toast({ title: 'Submission failed', description: messageOf(error), variant: 'destructive' });
      },
    }),
  );

  const text = (
    name: Exclude<keyof InPersonSubmissionInput, 'cardList' | 'serviceType'>,
    label: string,
    autoComplete: string,
  ) => (
    <Field
      id={`submit-${name}`}
      label={label}
      autoComplete={autoComplete}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="In-person grading submission" className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Your details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
          {text('customerName', 'Full name', 'name')}
          <Field
            id="submit-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Field
            id="submit-phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          {text('address', 'Street address', 'street-address')}
          {text('city', 'City', 'address-level2')}
          {text('state', 'State', 'address-level1')}
          {text('zipCode', 'Zip code', 'postal-code')}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Your cards</CardTitle>
          <p className="text-sm text-slate-600">One row per card, up to {IN_PERSON_MAX_CARDS}.</p>
        </CardHeader>
        <CardContent className="space-y-4">
          <ol className="space-y-4">
            {cards.fields.map((row, i) => {
              const cardErrors = errors.cardList?.[i];
              return (
                <li
                  key={row.id}
                  className="rounded-lg border border-slate-200 p-4"
                  data-testid="card-row"
                  aria-label={`Card ${i + 1}`}
                >
                  <div className="mb-3 flex items-center justify-between gap-2">
                    <p className="text-sm font-semibold text-slate-900">Card {i + 1}</p>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={cards.fields.length === 1}
                      aria-label={`Remove card ${i + 1}`}
                      onClick={() => cards.remove(i)}
                    >
                      <Trash2 /> Remove
                    </Button>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
                    <Field
                      id={`card-${i}-name`}
                      label="Card name"
                      error={cardErrors?.cardName?.message}
                      {...form.register(`cardList.${i}.cardName`)}
                    />
                    <Field
                      id={`card-${i}-set`}
                      label="Set (optional)"
                      error={cardErrors?.cardSet?.message}
                      {...form.register(`cardList.${i}.cardSet`)}
                    />
                    <Field
                      id={`card-${i}-game`}
                      label="Game or brand"
                      placeholder="e.g. Pokemon"
                      error={cardErrors?.gameBrand?.message}
                      {...form.register(`cardList.${i}.gameBrand`)}
                    />
                    <Field
                      id={`card-${i}-value`}
                      label="Estimated value ($)"
                      inputMode="decimal"
                      placeholder="e.g. 25.00"
                      error={cardErrors?.estimatedValue?.message}
                      {...form.register(`cardList.${i}.estimatedValue`)}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
          <FormMessage id="card-list-error" message={errors.cardList?.message ?? errors.cardList?.root?.message} />
          <Button
            type="button"
            variant="outline"
            disabled={cards.fields.length >= IN_PERSON_MAX_CARDS}
            onClick={() => cards.append(emptyCard, { shouldFocus: true })}
          >
            <Plus /> Add another card
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Service</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <fieldset>
            <legend className="sr-only">Service type</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {services.map((s) => (
                <label
                  key={s.id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm',
                    serviceType === s.id ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:bg-slate-50',
                  )}
                >
                  <input type="radio" value={s.id} {...form.register('serviceType')} />
                  <span>
                    <span className="block font-semibold text-slate-900">{s.name}</span>
                    <span className="text-slate-600">{formatDollars(s.pricePerCard)} per card</span>
                  </span>
                </label>
              ))}
            </div>
            <FormMessage id="service-error" message={errors.serviceType?.message} />
          </fieldset>
          <div className="space-y-1.5">
            <Label htmlFor="submit-notes">Notes for the grader (optional)</Label>
            <textarea
              id="submit-notes"
              rows={3}
              className="w-full rounded-md border border-slate-300 p-2 text-sm"
              aria-invalid={errors.submissionNotes ? true : undefined}
              {...form.register('submissionNotes')}
            />
            <FormMessage id="submit-notes-error" message={errors.submissionNotes?.message} />
          </div>
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-900" data-testid="live-total" aria-live="polite">
            {service ? (
              <>
                {count} card{count === 1 ? '' : 's'} × {formatDollars(service.pricePerCard)} ={' '}
                <strong>{formatDollars(inPersonTotal(service.pricePerCard, count))}</strong>
              </>
            ) : (
              'Choose a service to see the total.'
            )}
          </p>
        </CardContent>
      </Card>

      <Button type="submit" className="w-full sm:w-auto" disabled={submit.isPending}>
        {submit.isPending ? 'Sending...' : 'Send submission'}
      </Button>
    </form>
  );
}
