import { useEffect, useState } from 'react';
import type { CardGrading } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useCorrectGrade } from '../api/admin-gradings.ts';

const FIELDS = [
  ['overallGrade', 'Overall'],
  ['centeringGrade', 'Centering'],
  ['cornerGrade', 'Corners'],
  ['edgeGrade', 'Edges'],
  ['surfaceGrade', 'Surface'],
] as const;
type GradeField = (typeof FIELDS)[number][0];

/** A whole number from 1 to 10; anything else falls back to 1 (docs/product.md section 5). */
export const toGrade = (raw: string) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 1;
};

/** 'Edit Card Grading': the one correction dialog used on /admin, /card-review and /card/:id. */
export function EditGradeDialog({ grading, onClose }: { grading: CardGrading | null; onClose: () => void }) {
  const correct = useCorrectGrade();
  const [values, setValues] = useState<Record<GradeField, string>>({
    overallGrade: '1',
    centeringGrade: '1',
    cornerGrade: '1',
    edgeGrade: '1',
    surfaceGrade: '1',
  });
  const [notes, setNotes] = useState('');
  useEffect(() => {
    if (!grading) return;
    setValues(Object.fromEntries(FIELDS.map(([f]) => [f, String(grading[f] ?? 1)])) as Record<GradeField, string>);
    setNotes(grading.notes ?? '');
  }, [grading]);

  const save = () => {
    if (!grading) return;
    const grades = Object.fromEntries(FIELDS.map(([f]) => [f, toGrade(values[f])])) as Record<GradeField, number>;
    correct.mutate(
      { id: grading.id, correction: { ...grades, notes } },
      {
        onSuccess: () => {
          toast({ title: 'Grade Updated', description: 'Card grading has been successfully corrected.' });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description: messageOf(error) || 'Failed to update card grading',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={grading !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Edit Card Grading</DialogTitle>
        <DialogDescription>
          {grading ? `${grading.cardName ?? `Card #${grading.id}`} (ID ${grading.id})` : ''}
        </DialogDescription>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {FIELDS.map(([field, label]) => (
            <div key={field} className="space-y-1">
              <Label htmlFor={`edit-${field}`}>{label}</Label>
              <Input
                id={`edit-${field}`}
                type="number"
                min={1}
                max={10}
                value={values[field]}
                onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                onBlur={(e) => setValues((v) => ({ ...v, [field]: String(toGrade(e.target.value)) }))}
              />
            </div>
          ))}
        </div>
        <div className="mt-3 space-y-1">
          <Label htmlFor="edit-notes">Notes</Label>
          <textarea
            id="edit-notes"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            rows={4}
            className="w-full rounded-md border border-slate-300 p-2 text-sm"
          />
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={correct.isPending}>
            {correct.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
