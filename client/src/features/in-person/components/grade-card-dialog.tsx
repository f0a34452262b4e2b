import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  PHOTO_ACCEPT,
  PHOTO_FORMATS,
  inPersonGradeSchema,
  type InPersonGradeInput,
  type InPersonSubmission,
} from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { applyServerFieldErrors, messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useGradeCard } from '../api/admin.ts';

const GRADES = [
  ['overallGrade', 'Overall'],
  ['centeringGrade', 'Centering'],
  ['cornerGrade', 'Corners'],
  ['edgeGrade', 'Edges'],
  ['surfaceGrade', 'Surface'],
] as const;

const blank = { overallGrade: '', centeringGrade: '', cornerGrade: '', edgeGrade: '', surfaceGrade: '', notes: '' };
type Photos = { front: File | null; back: File | null };

/** A grader's grades of one card of a submission, with its front and back photos (both required). */
export function GradeCardDialog({
  target,
  onClose,
}: {
  target: { submission: InPersonSubmission; index: number } | null;
  onClose: () => void;
}) {
  const grade = useGradeCard();
  const form = useForm<InPersonGradeInput>({
    resolver: zodResolver(inPersonGradeSchema) as never,
    defaultValues: blank,
  });
  const { errors } = form.formState;
  const [photos, setPhotos] = useState<Photos>({ front: null, back: null });
  const [photoError, setPhotoError] = useState<Partial<Record<keyof Photos, string>>>({});
  const card = target ? target.submission.cards[target.index] : undefined;
  const close = () => {
    form.reset(blank);
    setPhotos({ front: null, back: null });
    setPhotoError({});
    onClose();
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    // Both checks at once: a missing photo is told with the grades' mistakes, not after them.
    const missing = {
      ...(photos.front ? {} : { front: 'Add a photo of the front' }),
      ...(photos.back ? {} : { back: 'Add a photo of the back' }),
    };
    setPhotoError(missing);
    void form.handleSubmit((grades) => {
      if (!target || !photos.front || !photos.back) return;
      grade.mutate(
        { id: target.submission.id, index: target.index, grades, photos: { front: photos.front, back: photos.back } },
        {
          onSuccess: (grading) => {
            toast({
              title: 'Grades saved',
              description: `${grading.cardName ?? 'The card'}: grade ${grading.overallGrade}.`,
            });
            close();
          },
          onError: (error) => {
            applyServerFieldErrors(
              error,
              form.setError,
              GRADES.map(([field]) => field),
            );
            toast({ title: 'Grades not saved', description: messageOf(error), variant: 'destructive' });
          },
        },
      );
    })(event);
  };
  const photoInput = (face: keyof Photos, label: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`grade-photo-${face}`}>{label}</Label>
      <Input
        id={`grade-photo-${face}`}
        type="file"
        accept={PHOTO_ACCEPT}
        aria-invalid={photoError[face] ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          setPhotos((p) => ({ ...p, [face]: file }));
          setPhotoError((p) => ({ ...p, [face]: undefined }));
        }}
      />
      <FormMessage id={`grade-photo-${face}-error`} message={photoError[face]} />
    </div>
  );
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>Enter grades</DialogTitle>
        <DialogDescription>
          {target && card
            ? `Submission #${target.submission.id}, card ${target.index + 1}: ${card.cardName}. The grading goes to ${target.submission.account?.username ?? 'the customer'}'s history, marked as graded in person.`
            : ''}
        </DialogDescription>
        <form noValidate className="mt-4 space-y-4" onSubmit={save}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {GRADES.map(([field, label]) => (
              <div key={field} className="space-y-1">
                <Label htmlFor={`grade-${field}`}>{label}</Label>
                <Input
                  id={`grade-${field}`}
                  type="number"
                  min={1}
                  max={10}
                  step={1}
                  inputMode="numeric"
                  aria-invalid={errors[field] ? true : undefined}
                  {...form.register(field)}
                />
                <FormMessage id={`grade-${field}-error`} message={errors[field]?.message} />
              </div>
            ))}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="grade-notes">Notes (optional)</Label>
            <textarea
              id="grade-notes"
              rows={3}
              className="w-full rounded-md border border-slate-300 p-2 text-sm"
              {...form.register('notes')}
            />
            <FormMessage id="grade-notes-error" message={errors.notes?.message} />
          </div>
          {photoInput('front', 'Front photo')}
          {photoInput('back', 'Back photo')}
          <p className="text-xs text-slate-500">{PHOTO_FORMATS} photos, as for every grading.</p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={grade.isPending}>
              {grade.isPending ? 'Saving...' : 'Save grades'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
