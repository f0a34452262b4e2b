import type { PaymentMethod, PointsPackage } from '@gradelens/shared';
import { PaymentMethodForm } from '@/components/payment-method-form';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useSubmitPayment } from '../api/my-payments.ts';

export function PaymentDialog({
  pkg,
  accounts,
  username,
  onClose,
}: {
  pkg: PointsPackage | null;
  accounts: Partial<Record<PaymentMethod, string>>;
  username: string;
  onClose: () => void;
}) {
  const submit = useSubmitPayment();
  return (
    <Dialog open={pkg !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Payment Instructions</DialogTitle>
        <DialogDescription>
          {pkg ? `${pkg.name}: ${pkg.points} points for $${pkg.price.toFixed(2)}` : ''}
        </DialogDescription>
        {pkg && (
          <div className="mt-4">
            <PaymentMethodForm
              accounts={accounts}
              amount={`$${pkg.price.toFixed(2)}`}
              username={username}
              afterwards="Points are added once an admin has checked the payment."
              submitLabel="Submit Payment"
              pending={submit.isPending}
              onCancel={onClose}
              onSubmit={(values, reset) =>
                submit.mutate(
                  { packageId: pkg.id, paymentMethod: values.paymentMethod, transactionId: values.transactionId },
                  {
                    onSuccess: (answer) => {
                      toast({ title: 'Payment submitted!', description: answer.message });
                      reset();
                      onClose();
                    },
                    onError: (error) =>
                      toast({
                        title: 'Error submitting payment',
                        description: messageOf(error) || 'Please try again later',
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
