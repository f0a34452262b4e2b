import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { offerCreateSchema } from '@gradelens/shared';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useMakeOffer, type OfferForm } from '../api/marketplace.ts';

const blank: OfferForm = { offerType: 'cash', offerAmount: '', tradeDescription: '', message: '' };

/** An offer on a listing: cash with an amount, or a trade described; a message to the seller. */
export function MakeOfferForm({ listingId }: { listingId: number }) {
  const make = useMakeOffer(listingId);
  const form = useForm<OfferForm>({ resolver: zodResolver(offerCreateSchema) as never, defaultValues: blank });
  const type = useWatch({ control: form.control, name: 'offerType' });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label="Make an offer"
      onSubmit={form.handleSubmit((values) =>
        make.mutate(values, {
          onSuccess: () => {
            toast({ title: 'Offer sent', description: 'The seller is mailed and answers on this page.' });
            form.reset(blank);
          },
          onError: (error) => toast({ title: 'Offer not sent', description: messageOf(error), variant: 'destructive' }),
        }),
      )}
    >
      <h2 className="font-semibold text-slate-900">Make an offer</h2>
      <ChoiceGroup
        label="Cash or trade"
        className="grid-cols-2"
        options={[
          { value: 'cash', label: 'Cash' },
          { value: 'trade', label: 'Trade' },
        ]}
        value={type}
        onChange={(t) => form.setValue('offerType', t)}
      />
      {type === 'cash' ? (
        <Field
          id="offer-amount"
          label="Your offer ($)"
          inputMode="decimal"
          error={errors.offerAmount?.message}
          {...form.register('offerAmount')}
        />
      ) : (
        <Field
          id="offer-trade"
          label="What you offer in trade"
          error={errors.tradeDescription?.message}
          {...form.register('tradeDescription')}
        />
      )}
      <div className="space-y-1.5">
        <Label htmlFor="offer-message">Message (optional)</Label>
        <textarea
          id="offer-message"
          rows={2}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          {...form.register('message')}
        />
        <FormMessage id="offer-message-error" message={errors.message?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={make.isPending}>
        {make.isPending ? 'Sending...' : 'Send offer'}
      </Button>
    </form>
  );
}
