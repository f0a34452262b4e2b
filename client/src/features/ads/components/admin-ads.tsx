import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AD_PLACEMENT_LABELS,
  AD_PLACEMENTS,
  adCreateSchema,
  formatRevenue,
  PHOTO_ACCEPT,
  type Ad,
} from '@gradelens/shared';
import { Field } from '@/components/field';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { cellClass as td, DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { applyServerFieldErrors, messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useAdminAds, useCreateAd, useUpdateAd, useUploadAdImage, type AdFormValues } from '../api/admin.ts';
import { NativeSelect } from '@/components/ui/select';

/** The admin's Ads tab: every ad, on or off, searched and paged, with what it was shown and clicked. */
export function AdminAds() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Ad | 'new' | null>(null);
  const ads = useAdminAds(q.trim(), page);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label="Search ads"
          placeholder="Search by name or id"
          className="max-w-xs"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Button onClick={() => setEditing('new')}>New ad</Button>
      </div>
      {ads.isError ? (
        <LoadFailed what="ads" onRetry={() => void ads.refetch()} />
      ) : (
        <DataTable headers={['Ad', 'Shown on', 'Per impression', 'Per click', 'Shown / clicked', 'On', '']}>
          {(ads.data?.items ?? []).map((ad) => (
            <tr key={ad.id} className="border-t border-slate-100" data-testid={`ad-row-${ad.id}`}>
              <td className={td}>
                <span className="flex items-center gap-2">
                  {ad.imageUrl && <img src={ad.imageUrl} alt="" className="size-10 rounded object-cover" />}
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{ad.name}</span>
                    <span className="block break-all text-xs text-slate-500">
                      ID: {ad.id} · {ad.linkUrl}
                    </span>
                  </span>
                </span>
              </td>
              <td className={td}>{AD_PLACEMENT_LABELS[ad.placement]}</td>
              <td className={td}>{formatRevenue(ad.revenuePerImpression)}</td>
              <td className={td}>{formatRevenue(ad.revenuePerClick)}</td>
              <td className={td}>
                {ad.impressions} / {ad.clicks}
              </td>
              <td className={td}>{ad.active ? 'On' : 'Off'}</td>
              <td className={td}>
                <Button size="sm" variant="outline" aria-label={`Edit ${ad.name}`} onClick={() => setEditing(ad)}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {ads.data && !ads.isError && ads.data.total === 0 && (
        <p className="text-sm text-slate-600">{q ? `No ad matches “${q}”.` : 'No ads yet.'}</p>
      )}
      {ads.data && !ads.isError && (
        <Pager page={page} pageSize={ads.data.pageSize} total={ads.data.total} onPage={setPage} />
      )}
      <AdDialog ad={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

const blank: AdFormValues = {
  name: '',
  linkUrl: '',
  placement: 'both',
  revenuePerImpression: '0',
  revenuePerClick: '0',
  active: true,
};

function AdDialog({ ad, onClose }: { ad: Ad | 'new' | null; onClose: () => void }) {
  const open = ad !== null;
  const existing = ad && ad !== 'new' ? ad : null;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>{existing ? `Edit ${existing.name}` : 'New ad'}</DialogTitle>
        <DialogDescription>
          Revenue in dollars, up to 4 decimal places. Owners of shared gradings are credited their share of what the ad
          earns on their pages. An ad turned off is not shown.
        </DialogDescription>
        {open && <AdForm key={existing?.id ?? 'new'} existing={existing} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function AdForm({ existing, onDone }: { existing: Ad | null; onDone: () => void }) {
  const create = useCreateAd();
  const update = useUpdateAd();
  const upload = useUploadAdImage();
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<AdFormValues>({
    resolver: zodResolver(adCreateSchema) as never,
    defaultValues: existing
      ? {
          name: existing.name,
          linkUrl: existing.linkUrl,
          placement: existing.placement,
          revenuePerImpression: existing.revenuePerImpression,
          revenuePerClick: existing.revenuePerClick,
          active: existing.active,
        }
      : blank,
  });
  const { errors } = form.formState;
  const failed = (error: unknown) => {
    applyServerFieldErrors(error, form.setError, [
      'name',
      'linkUrl',
      'placement',
      'revenuePerImpression',
      'revenuePerClick',
    ]);
    toast({ title: 'Ad not saved', description: messageOf(error), variant: 'destructive' });
  };
  const afterSave = (saved: Ad) => {
    if (!image) {
      toast({ title: 'Ad saved' });
      onDone();
      return;
    }
    upload.mutate(
      { id: saved.id, file: image },
      {
        onSuccess: () => {
          toast({ title: 'Ad saved with its image' });
          onDone();
        },
        onError: (error) =>
          toast({ title: 'Saved, but the image was refused', description: messageOf(error), variant: 'destructive' }),
      },
    );
  };
  const busy = create.isPending || update.isPending || upload.isPending;
  return (
    <form
      noValidate
      className="mt-4 space-y-3"
      onSubmit={form.handleSubmit((values) =>
        existing
          ? update.mutate({ id: existing.id, values }, { onSuccess: afterSave, onError: failed })
          : create.mutate(values, { onSuccess: afterSave, onError: failed }),
      )}
    >
      <Field id="ad-name" label="Name" error={errors.name?.message} {...form.register('name')} />
      <Field
        id="ad-link"
        label="Link"
        type="url"
        placeholder="https://"
        error={errors.linkUrl?.message}
        {...form.register('linkUrl')}
      />
      <div className="space-y-1.5">
        <Label htmlFor="ad-placement">Shown on</Label>
        <NativeSelect id="ad-placement" className="w-full" {...form.register('placement')}>
          {AD_PLACEMENTS.map((p) => (
            <option key={p} value={p}>
              {AD_PLACEMENT_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
        <FormMessage id="ad-placement-error" message={errors.placement?.message} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field
          id="ad-impression"
          label="Per impression ($)"
          inputMode="decimal"
          error={errors.revenuePerImpression?.message}
          {...form.register('revenuePerImpression')}
        />
        <Field
          id="ad-click"
          label="Per click ($)"
          inputMode="decimal"
          error={errors.revenuePerClick?.message}
          {...form.register('revenuePerClick')}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('active')} /> On (shown on pages)
      </label>
      <div className="space-y-1.5">
        <Label htmlFor="ad-image">{existing?.imageUrl ? 'Replace the image' : 'Image'}</Label>
        <input
          id="ad-image"
          type="file"
          accept={PHOTO_ACCEPT}
          className="block w-full text-sm"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
