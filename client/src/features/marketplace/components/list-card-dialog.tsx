import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { listingCreateSchema } from '@gradelens/shared';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useCreateListing, type ListingForm } from '../api/marketplace.ts';

type Values = ListingForm & { cardGradingId: number };

/** 'List this card': sale or trade, price, what the seller would trade for, a description and where. */
export function ListCardDialog({
  gradingId,
  open,
  onClose,
}: {
  gradingId: number;
  open: boolean;
  onClose: () => void;
}) {
  const create = useCreateListing();
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(listingCreateSchema) as never,
    defaultValues: {
      cardGradingId: gradingId,
      listingType: 'sell',
      askingPrice: '',
      tradePreferences: '',
      description: '',
      location: '',
    },
  });
  const type = useWatch({ control: form.control, name: 'listingType' });
  const { errors } = form.formState;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>List this card</DialogTitle>
        <DialogDescription>
          The listing shows the card’s GradeLens report and photos to every buyer while it is listed.
        </DialogDescription>
        <form
          noValidate
          className="mt-4 space-y-3"
          onSubmit={form.handleSubmit((values) =>
            create.mutate(values, {
              onSuccess: (listing) => {
                toast({ title: 'Your card is listed' });
                onClose();
                void navigate(`/marketplace/${listing.id}`);
              },
              onError: (error) => toast({ title: 'Not listed', description: messageOf(error), variant: 'destructive' }),
            }),
          )}
        >
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Sell or trade</legend>
            <ChoiceGroup
              label="Sell or trade"
              className="mt-1 grid-cols-2"
              options={[
                { value: 'sell', label: 'Sell' },
                { value: 'trade', label: 'Trade' },
              ]}
              value={type}
              onChange={(t) => form.setValue('listingType', t)}
            />
            <FormMessage id="listing-type-error" message={errors.listingType?.message} />
          </fieldset>
          <Field
            id="listing-price"
            label={type === 'sell' ? 'Asking price ($)' : 'Asking price ($, optional)'}
            inputMode="decimal"
            error={errors.askingPrice?.message}
            {...form.register('askingPrice')}
          />
          {type === 'trade' && (
            <Field
              id="listing-trade"
              label="What you would trade for (optional)"
              error={errors.tradePreferences?.message}
              {...form.register('tradePreferences')}
            />
          )}
          <div className="space-y-1.5">
            <Label htmlFor="listing-description">Description</Label>
            <textarea
              id="listing-description"
              rows={3}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'listing-description-error' : undefined}
              {...form.register('description')}
            />
            <FormMessage id="listing-description-error" message={errors.description?.message} />
          </div>
          <Field
            id="listing-location"
            label="City and state"
            error={errors.location?.message}
            {...form.register('location')}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Listing...' : 'List card'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
