import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PixelPoint, Quad } from '@gradelens/shared';
import { Photo } from '@/components/photo';
import { cn } from '@/lib/utils';

const CORNER_NAMES = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;
/** The loupe's size (CSS px) and how much it enlarges. */
const LOUPE = 120;
const ZOOM = 3;

const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));

/**
 * A photo with the card's outline drawn over it and, when `onChange` is given, its four corners
 * to drag (mouse or touch, with a loupe at the finger) or move with the arrow keys (Shift for
 * steps of ten pixels). Corners are in the photo's own pixels, `size`.
 */
export function OutlineEditor({
  src,
  size,
  corners,
  onChange,
  faceName,
  className,
}: {
  src: string;
  size: { width: number; height: number };
  corners: Quad | null;
  onChange?: (corners: Quad) => void;
  faceName: string;
  className?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);

  const toPhoto = (event: PointerEvent): PixelPoint | null => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return null;
    return [
      clamp(((event.clientX - box.left) / box.width) * size.width, size.width),
      clamp(((event.clientY - box.top) / box.height) * size.height, size.height),
    ];
  };
  const move = (index: number, point: PixelPoint) => {
    if (!corners || !onChange) return;
    const next = corners.map((p, i) => (i === index ? point : p)) as Quad;
    onChange(next);
  };
  const onKey = (index: number) => (event: KeyboardEvent) => {
    if (!corners) return;
    const step = event.shiftKey ? 10 : 1;
    const d: Record<string, PixelPoint> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const delta = d[event.key];
    if (!delta) return;
    event.preventDefault();
    const [x, y] = corners[index]!;
    move(index, [clamp(x + delta[0], size.width), clamp(y + delta[1], size.height)]);
  };

  const pct = (p: PixelPoint) => ({ left: `${(p[0] / size.width) * 100}%`, top: `${(p[1] / size.height) * 100}%` });
  const held = dragging !== null && corners ? corners[dragging] : null;
  return (
    <div
      ref={frame}
      className={cn('relative select-none', className)}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
    >
      <Photo
        src={src}
        alt={`${faceName} photo`}
        className="absolute inset-0 size-full rounded-lg bg-slate-100 object-fill"
        draggable={false}
      />
      {corners && (
        <svg
          className="pointer-events-none absolute inset-0 size-full"
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          aria-hidden
        >
          <polygon
            points={corners.map((p) => p.join(',')).join(' ')}
            fill="rgba(34,197,94,0.08)"
            stroke="#22c55e"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      )}
      {corners &&
        onChange &&
        corners.map((p, i) => (
          <button
            key={CORNER_NAMES[i]}
            type="button"
            data-testid={`${faceName.toLowerCase()}-corner-${i}`}
            aria-label={`${faceName}, ${CORNER_NAMES[i]} corner at ${Math.round(p[0])}, ${Math.round(p[1])}. Drag it, or use the arrow keys.`}
            className="absolute z-10 flex size-11 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-300"
            style={pct(p)}
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture(event.pointerId);
              setDragging(i);
            }}
            onPointerMove={(event) => {
              if (dragging !== i) return;
              const point = toPhoto(event);
              if (point) move(i, point);
            }}
            onPointerUp={() => setDragging(null)}
            onPointerCancel={() => setDragging(null)}
            onKeyDown={onKey(i)}
          >
            <span
              className="block size-5 rounded-full border-2 border-white bg-green-600 shadow ring-2 ring-green-600/40"
              aria-hidden
            />
          </button>
        ))}
      {held && <Loupe src={src} point={held} size={size} frame={frame.current} />}
    </div>
  );
}

/** The photo enlarged around the corner being dragged, shown above the finger so it is not hidden. */
function Loupe({
  src,
  point,
  size,
  frame,
}: {
  src: string;
  point: PixelPoint;
  size: { width: number; height: number };
  frame: HTMLDivElement | null;
}) {
  const box = frame?.getBoundingClientRect();
  if (!box) return null;
  const x = (point[0] / size.width) * box.width;
  const y = (point[1] / size.height) * box.height;
  return (
    <div
      data-testid="loupe"
      className="pointer-events-none absolute z-20 overflow-hidden rounded-full border-2 border-white shadow-lg ring-1 ring-slate-400"
      style={{
        width: LOUPE,
        height: LOUPE,
        left: x - LOUPE / 2,
        top: y - LOUPE - 36 < -box.top ? y + 36 : y - LOUPE - 36,
        backgroundImage: `url("${src}")`,
        backgroundSize: `${box.width * ZOOM}px ${box.height * ZOOM}px`,
        backgroundPosition: `${LOUPE / 2 - x * ZOOM}px ${LOUPE / 2 - y * ZOOM}px`,
        backgroundRepeat: 'no-repeat',
      }}
      aria-hidden
    >
      <span className="absolute left-1/2 top-0 h-full w-px bg-red-500/80" />
      <span className="absolute left-0 top-1/2 h-px w-full bg-red-500/80" />
    </div>
  );
}
