import { Maximize2, Minus, Plus } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { DEFECT_KIND_NAMES, type Face, type Frame, type GradeReport } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { Photo } from '@/components/photo';

export type Layer = 'outline' | 'frame' | 'defects';
const LAYER_NAMES: Record<Layer, string> = { outline: 'Card edge', frame: 'Frame lines', defects: 'Wear found' };
const SIDES = ['left', 'right', 'top', 'bottom'] as const;
type FrameSide = (typeof SIDES)[number];

/** Where the card lies in the squared-up picture: its margin and size, as fractions of the picture. */
function geometryOf(report: GradeReport) {
  const m = report.view?.marginMm ?? 0;
  const { widthMm: w, heightMm: h } = report.cardSize;
  const W = w + 2 * m;
  const H = h + 2 * m;
  return {
    W,
    H,
    /** A point on the card, mm from its top-left, in the picture's viewBox units (mm including the margin). */
    x: (mm: number) => m + mm,
    y: (mm: number) => m + mm,
    w,
    h,
    m,
  };
}

/**
 * Both faces squared up, side by side (stacked on a phone), with layers drawn over them: the card's
 * edge, the frame lines the centering was read from, and the wear found, each box numbered as in
 * the list below. Lines are 2 CSS pixels at any size. Tap a face to open it larger, zoom and pan.
 * When `onSaveLines` is given, the owner can drag the frame lines and have the centering re-read.
 */
export function MeasuredFaces({
  report,
  pictures,
  onSaveLines,
  saving,
}: {
  report: GradeReport;
  pictures: Record<Face, string | null>;
  onSaveLines?: (lines: Partial<Record<Face, Frame>>) => void;
  saving?: boolean;
}) {
  const [layers, setLayers] = useState<Record<Layer, boolean>>({ outline: true, frame: true, defects: true });
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const [lines, setLines] = useState<Partial<Record<Face, Frame>>>({});
  const [open, setOpen] = useState<Face | null>(null);
  const defects = report.defects;
  const frameOf = (face: Face) => lines[face] ?? report.centering[face].frame ?? null;
  const editableFace = (face: Face) => !report.warnings.some((w) => w.code === 'face_not_assessed' && w.face === face);
  const startFrame = (face: Face): Frame =>
    report.centering[face].frame ?? { left: 0.06, right: 0.94, top: 0.05, bottom: 0.95 };

  return (
    <section
      aria-labelledby="measured-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="measured-heading" className="text-lg font-semibold text-slate-900">
          What we measured
        </h3>
        <fieldset className="flex flex-wrap gap-3 text-sm">
          <legend className="sr-only">Layers</legend>
          {(Object.keys(LAYER_NAMES) as Layer[]).map((layer) => (
            <label key={layer} className="inline-flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={layers[layer]}
                onChange={(e) => setLayers({ ...layers, [layer]: e.target.checked })}
              />
              {LAYER_NAMES[layer]}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="text-sm text-slate-600">
        Green: the card’s edge. Blue: the frame lines the centering was read from. Red boxes: wear we found, numbered as
        in the list.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['front', 'back'] as const).map((face) => {
          const src = pictures[face];
          if (!src) return null;
          return (
            <div key={face} className="space-y-1">
              <FacePicture
                face={face}
                src={src}
                report={report}
                layers={layers}
                frame={frameOf(face)}
                selected={selected}
                onSelect={setSelected}
                onOpen={editing ? undefined : () => setOpen(face)}
                onFrame={editing && editableFace(face) ? (frame) => setLines({ ...lines, [face]: frame }) : undefined}
                startFrame={startFrame(face)}
              />
              <p className="text-xs text-slate-600">
                {face === 'front' ? 'Front' : 'Back'}
                {report.centering[face].ownerSet ? ' · centering lines set by the owner' : ''}
              </p>
            </div>
          );
        })}
      </div>
      {onSaveLines && (
        <div className="flex flex-wrap items-center gap-3">
          {editing ? (
            <>
              <p className="w-full text-sm text-slate-600">
                Drag each blue line onto the inner edge of the printed border (or focus a line’s handle and use the
                arrow keys), then re-measure. It is free.
              </p>
              <Button
                size="sm"
                disabled={saving || Object.keys(lines).length === 0}
                onClick={() => {
                  onSaveLines(lines);
                  setEditing(false);
                }}
              >
                Re-measure centering
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setLines({});
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              Adjust centering lines
            </Button>
          )}
        </div>
      )}
      {defects.length > 0 && (
        <ol className="space-y-1 text-sm" aria-label="Wear found">
          {defects.map((d, i) => (
            <li key={i}>
              <button
                type="button"
                className={cn(
                  'w-full rounded px-2 py-1 text-left hover:bg-red-50',
                  selected === i && 'bg-red-50 ring-1 ring-red-300',
                )}
                aria-pressed={selected === i}
                onClick={() => setSelected(selected === i ? null : i)}
              >
                {i + 1}. {d.face === 'front' ? 'Front' : 'Back'} {d.location}: {DEFECT_KIND_NAMES[d.kind]} {d.sizeMm} mm
                {d.impliedGrade < 10 ? `, limits to ${d.impliedGrade}` : ''}
              </button>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent className="max-w-[min(96vw,900px)]">
          <DialogTitle>{open === 'back' ? 'Back' : 'Front'}, enlarged</DialogTitle>
          <DialogDescription>Zoom with the buttons; drag or scroll to move around.</DialogDescription>
          {open && pictures[open] && (
            <ZoomView
              face={open}
              src={pictures[open]!}
              report={report}
              layers={layers}
              frame={frameOf(open)}
              selected={selected}
              onSelect={setSelected}
            />
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function ZoomView(props: {
  face: Face;
  src: string;
  report: GradeReport;
  layers: Record<Layer, boolean>;
  frame: Frame | null;
  selected: number | null;
  onSelect: (i: number | null) => void;
}) {
  const [zoom, setZoom] = useState(1);
  const pan = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-label="Zoom out"
          disabled={zoom <= 1}
          onClick={() => setZoom(Math.max(1, zoom / 1.5))}
        >
          <Minus aria-hidden />
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label="Zoom in"
          disabled={zoom >= 6}
          onClick={() => setZoom(Math.min(6, zoom * 1.5))}
        >
          <Plus aria-hidden />
        </Button>
        <span className="self-center text-sm text-slate-600">{Math.round(zoom * 100)}%</span>
      </div>
      <div
        className="max-h-[70vh] cursor-grab overflow-auto rounded-lg ring-1 ring-slate-200"
        data-testid="zoom-view"
        // A mouse drags the picture around; a finger scrolls it natively.
        onPointerDown={(event) => {
          if (event.pointerType !== 'mouse') return;
          pan.current = {
            x: event.clientX,
            y: event.clientY,
            left: event.currentTarget.scrollLeft,
            top: event.currentTarget.scrollTop,
          };
        }}
        onPointerMove={(event) => {
          if (!pan.current) return;
          event.currentTarget.scrollLeft = pan.current.left - (event.clientX - pan.current.x);
          event.currentTarget.scrollTop = pan.current.top - (event.clientY - pan.current.y);
        }}
        onPointerUp={() => (pan.current = null)}
        onPointerLeave={() => (pan.current = null)}
      >
        <div style={{ width: `${zoom * 100}%` }}>
          <FacePicture {...props} startFrame={props.frame ?? { left: 0, right: 1, top: 0, bottom: 1 }} />
        </div>
      </div>
    </div>
  );
}

function FacePicture({
  face,
  src,
  report,
  layers,
  frame,
  selected,
  onSelect,
  onOpen,
  onFrame,
  startFrame,
}: {
  face: Face;
  src: string;
  report: GradeReport;
  layers: Record<Layer, boolean>;
  frame: Frame | null;
  selected: number | null;
  onSelect: (i: number | null) => void;
  onOpen?: () => void;
  onFrame?: (frame: Frame) => void;
  startFrame: Frame;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<FrameSide | null>(null);
  const g = geometryOf(report);
  const drawn = frame ?? (onFrame ? startFrame : null);
  const name = face === 'front' ? 'Front' : 'Back';
  const lineAt = (side: FrameSide, f: Frame) =>
    side === 'left' || side === 'right' ? g.x(f[side] * g.w) : g.y(f[side] * g.h);

  const setSide = (side: FrameSide, value: number) => {
    if (!drawn || !onFrame) return;
    const bounds: Record<FrameSide, [number, number]> = {
      left: [0, 0.4],
      right: [0.6, 1],
      top: [0, 0.4],
      bottom: [0.6, 1],
    };
    const [lo, hi] = bounds[side];
    onFrame({ ...drawn, [side]: Math.round(Math.max(lo, Math.min(hi, value)) * 10_000) / 10_000 });
  };
  const fromPointer = (side: FrameSide, event: PointerEvent) => {
    const r = box.current?.getBoundingClientRect();
    if (!r || r.width === 0) return;
    if (side === 'left' || side === 'right') setSide(side, (((event.clientX - r.left) / r.width) * g.W - g.m) / g.w);
    else setSide(side, (((event.clientY - r.top) / r.height) * g.H - g.m) / g.h);
  };
  const onKey = (side: FrameSide) => (event: KeyboardEvent) => {
    if (!drawn) return;
    const step = (event.shiftKey ? 0.5 : 0.1) / (side === 'left' || side === 'right' ? g.w : g.h);
    const keys: Record<string, number> =
      side === 'left' || side === 'right'
        ? { ArrowLeft: -step, ArrowRight: step }
        : { ArrowUp: -step, ArrowDown: step };
    const delta = keys[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    setSide(side, drawn[side] + delta);
  };

  const defects = report.defects.map((d, i) => ({ d, i })).filter(({ d }) => d.face === face);
  return (
    <div
      ref={box}
      className="relative select-none"
      style={{ aspectRatio: `${g.W} / ${g.H}` }}
      data-testid={`face-${face}`}
    >
      <Photo
        src={src}
        alt={`${name} with measurements (squared up)`}
        className="absolute inset-0 size-full rounded-lg bg-slate-100"
        draggable={false}
      />
      <svg
        className="absolute inset-0 size-full"
        viewBox={`0 0 ${g.W} ${g.H}`}
        preserveAspectRatio="none"
        aria-hidden={!layers.defects}
      >
        {layers.outline && (
          <rect
            x={g.x(0)}
            y={g.y(0)}
            width={g.w}
            height={g.h}
            fill="none"
            stroke="#22c55e"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {layers.frame &&
          drawn &&
          SIDES.map((side) => {
            const at = lineAt(side, drawn);
            const ends =
              side === 'left' || side === 'right'
                ? { x1: at, x2: at, y1: g.y(0), y2: g.y(g.h) }
                : { x1: g.x(0), x2: g.x(g.w), y1: at, y2: at };
            return (
              <line
                key={side}
                {...ends}
                stroke="#3b82f6"
                strokeWidth={2}
                strokeDasharray="6 3"
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
        {layers.defects &&
          defects.map(({ d, i }) => (
            <g key={i} onClick={() => onSelect(selected === i ? null : i)} className="cursor-pointer">
              <rect
                x={g.x(d.boxMm.x)}
                y={g.y(d.boxMm.y)}
                width={Math.max(1, d.boxMm.w)}
                height={Math.max(1, d.boxMm.h)}
                fill={selected === i ? 'rgba(239,68,68,0.25)' : 'none'}
                stroke="#ef4444"
                strokeWidth={selected === i ? 4 : 2}
                vectorEffect="non-scaling-stroke"
              />
              <text
                x={g.x(d.boxMm.x) + 0.5}
                y={Math.max(3, g.y(d.boxMm.y) - 0.8)}
                fontSize={3.2}
                fill="#ef4444"
                stroke="#fff"
                strokeWidth={0.3}
              >
                {i + 1}
              </text>
            </g>
          ))}
      </svg>
      {onOpen && (
        <button
          type="button"
          className="absolute right-2 top-2 rounded-full bg-white/90 p-1.5 shadow ring-1 ring-slate-300"
          aria-label={`Open the ${face} larger`}
          onClick={onOpen}
        >
          <Maximize2 className="size-4" aria-hidden />
        </button>
      )}
      {onFrame &&
        drawn &&
        SIDES.map((side) => {
          const vertical = side === 'left' || side === 'right';
          const at = lineAt(side, drawn);
          const style = vertical
            ? { left: `${(at / g.W) * 100}%`, top: '50%' }
            : { top: `${(at / g.H) * 100}%`, left: '50%' };
          return (
            <button
              key={side}
              type="button"
              data-testid={`${face}-line-${side}`}
              aria-label={`${name} ${side} frame line at ${(drawn[side] * 100).toFixed(1)}% of the card. Drag it, or use the arrow keys.`}
              className={cn(
                'absolute z-10 flex -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full bg-blue-600/90 text-white shadow focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300',
                vertical ? 'h-11 w-6 cursor-ew-resize' : 'h-6 w-11 cursor-ns-resize',
              )}
              style={style}
              onPointerDown={(event) => {
                event.currentTarget.setPointerCapture(event.pointerId);
                setDrag(side);
              }}
              onPointerMove={(event) => drag === side && fromPointer(side, event)}
              onPointerUp={() => setDrag(null)}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={onKey(side)}
            >
              <span aria-hidden className={vertical ? 'h-5 w-0.5 bg-white' : 'h-0.5 w-5 bg-white'} />
            </button>
          );
        })}
    </div>
  );
}
