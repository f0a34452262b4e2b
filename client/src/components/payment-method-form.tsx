import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PAYMENT_METHODS, transactionIdSchema, type PaymentMethod } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { copyElementText } from '@/lib/clipboard';
import { toast } from '@/lib/toast-store';
import { cn } from '@/lib/utils';

const METHOD_NAMES: Record<PaymentMethod, string> = { venmo: 'Venmo', cashapp: 'Cash App', paypal: 'PayPal' };

/** The form: a method and the payment's reference, parsed as the server parses it. */
const paymentFormSchema = z.object({ paymentMethod: z.enum(PAYMENT_METHODS), transactionId: transactionIdSchema });
type PaymentForm = z.input<typeof paymentFormSchema>;
export type PaymentValues = z.output<typeof paymentFormSchema>;

/**
 * Paying by a peer-to-peer app, as for points and for shop orders: choose one of the methods the
 * operator configured, send the amount to its account (copyable), then enter the payment's
 * reference, shown as it will be recorded.
 */
export function PaymentMethodForm({
  accounts,
  amount,
  username,
  afterwards,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  accounts: Partial<Record<PaymentMethod, string>>;
  /** What to send, as shown: '$10.00'. */
  amount: string;
  username: string;
  /** What happens once it is sent: 'Points are added once an admin has checked the payment.' */
  afterwards: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: PaymentValues, reset: () => void) => void;
  onCancel?: () => void;
}) {
  // Only the methods the operator set an account for are offered.
  const offered = PAYMENT_METHODS.filter((m) => accounts[m]);
  const initial = { paymentMethod: offered[0] ?? 'venmo', transactionId: '' } as const;
  const form = useForm<PaymentForm>({ resolver: zodResolver(paymentFormSchema) as never, defaultValues: initial });
  const [method, reference] = useWatch({ control: form.control, name: ['paymentMethod', 'transactionId'] });
  // The server parses with the same schema, so what is shown here is what gets recorded.
  const recorded = transactionIdSchema.safeParse(reference);
  const account = useRef<HTMLSpanElement>(null);
  const copyAccount = () => {
    if (!account.current) return;
    copyElementText(account.current).then(
      () => toast({ title: 'Copied to clipboard!' }),
      () =>
        toast({
          title: 'Copy failed',
          description: 'Your browser did not allow copying. The account is selected: copy it with Ctrl+C (or Cmd+C).',
          variant: 'destructive',
        }),
    );
  };
  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={form.handleSubmit((values) => onSubmit(values as unknown as PaymentValues, () => form.reset(initial)))}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">1. Choose a payment method</legend>
        <ChoiceGroup
          label="Payment method"
          className="mt-2 grid-cols-3"
          options={offered.map((m) => ({
            value: m,
            label: (
              <>
                {METHOD_NAMES[m]}
                <span className="block text-[10px] font-normal text-slate-500">peer-to-peer payment app</span>
              </>
            ),
          }))}
          value={method}
          onChange={(m) => form.setValue('paymentMethod', m)}
        />
      </fieldset>
      <div>
        <p className="text-sm font-semibold text-slate-900">2. Send {amount} to</p>
        <div className="mt-2 flex items-center gap-2 rounded-lg bg-slate-50 p-3">
          <span ref={account} className="flex-1 font-mono text-sm break-all" data-testid="receiving-account">
            {accounts[method]}
          </span>
          <Button type="button" size="sm" variant="outline" aria-label="Copy account" onClick={copyAccount}>
            <Copy />
          </Button>
        </div>
        <p className="mt-2 text-xs text-slate-600">
          Include your username <strong>{username}</strong> in the payment note so we can match it.
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="payment-reference" className="font-semibold">
          3. Payment ID or reference
        </Label>
        <Input
          id="payment-reference"
          {...form.register('transactionId')}
          placeholder="e.g. 1234-5678"
          aria-describedby="payment-reference-recorded"
          aria-invalid={reference !== '' && !recorded.success}
        />
        <p
          id="payment-reference-recorded"
          className={cn('text-xs', recorded.success ? 'text-slate-600' : 'text-red-700')}
          data-testid="recorded-reference"
        >
          {recorded.success ? `Recorded as: ${recorded.data}` : reference && recorded.error.issues[0]?.message}
        </p>
        <p className="text-xs text-slate-500">{afterwards}</p>
      </div>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              form.reset(initial);
              onCancel();
            }}
          >
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending || !recorded.success}>
          {pending ? 'Submitting...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
