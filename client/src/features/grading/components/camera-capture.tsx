import { Camera, RefreshCw, X } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

export type Side = 'front' | 'back';

export const CAMERA_ERROR = 'Unable to access camera. Please ensure camera permissions are granted.';

/** Full-screen camera with the card guide; hands back a JPEG named after the side and the time. */
export function CameraCapture({
  side,
  onCapture,
  onClose,
}: {
  side: Side;
  onCapture: (file: File) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [facing, setFacing] = useState<'environment' | 'user'>('environment');

  // The stream restarts only when the user switches cameras, never because the parent re-rendered.
  const closeAfterError = useEffectEvent(() => {
    alert(CAMERA_ERROR);
    onClose();
  });

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);

  useEffect(() => {
    let cancelled = false;
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: facing, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop());
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => undefined);
        }
      })
      .catch(() => {
        if (!cancelled) closeAfterError();
      });
    if (!navigator.mediaDevices) closeAfterError();
    return () => {
      cancelled = true;
      stop();
    };
  }, [facing, stop]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        stop();
        onCapture(new File([blob], `${side}-${Date.now()}.jpg`, { type: 'image/jpeg' }));
        onClose();
      },
      'image/jpeg',
      0.9,
    );
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Take Photo - ${side === 'front' ? 'Front' : 'Back'} of Card`}
      className="fixed inset-0 z-50 flex flex-col bg-black text-white"
    >
      <div className="flex items-center justify-between p-4">
        <h2 className="text-lg font-semibold">Take Photo - {side === 'front' ? 'Front' : 'Back'} of Card</h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close camera"
          className="text-white hover:bg-white/10 hover:text-white"
          onClick={onClose}
        >
          <X />
        </Button>
      </div>
      <div className="relative flex-1 overflow-hidden">
        <video ref={video} playsInline muted className="h-full w-full object-cover" />
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-3">
          <div
            data-testid="camera-guide"
            className="rounded-xl border-4 border-brand-500 shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]"
            style={{ width: 280, height: 392 }}
          />
          <p className="text-sm font-medium">Align card within the rectangle</p>
          <p className="text-xs text-white/80">Ensure the entire card is visible and well-lit</p>
        </div>
      </div>
      <div className="flex items-center justify-center gap-6 p-6">
        <Button
          variant="outline"
          className="bg-transparent text-white"
          onClick={() => setFacing((f) => (f === 'environment' ? 'user' : 'environment'))}
        >
          <RefreshCw /> {facing === 'environment' ? 'Front camera' : 'Rear camera'}
        </Button>
        <Button size="lg" aria-label="Capture photo" className="size-16 rounded-full" onClick={capture}>
          <Camera className="!size-6" />
        </Button>
      </div>
    </div>
  );
}
