import { Award, Camera, Ruler, ShieldCheck, Sparkles, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { POINTS_PER_GRADING, SIGNUP_BONUS_POINTS, type LandingExample } from '@gradelens/shared';
import { Photo } from '@/components/photo';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import examples from './examples.json';

const features = [
  {
    Icon: Ruler,
    title: 'Measured, not guessed',
    text: 'Centering, corners, edges and surface measured in millimetres on your photos, the way a professional grader looks at a card.',
  },
  {
    Icon: Camera,
    title: 'Two photos are enough',
    text: 'Photograph the front and back on white paper. The camera guide helps you line the card up.',
  },
  {
    Icon: Award,
    title: 'Notes you can act on',
    text: 'Every point taken off is explained, with the defect boxed on the image and the grade it implies.',
  },
];

/** Real engine output on generated photos (grader/bench/landing-examples.ts), shown as examples. */
const samples: LandingExample[] = examples;

const services = [
  {
    Icon: Sparkles,
    title: 'Instant pre-grade',
    text: `${POINTS_PER_GRADING} points a card. Know what a card is likely to get before you pay for a slab.`,
  },
  {
    Icon: ShieldCheck,
    title: 'You check the outline',
    text: 'Before you pay, see where the engine found your card and drag a corner if it is off; after grading, move the centering lines and have the centering measured again for free.',
  },
  {
    Icon: Truck,
    title: 'A certificate for every grade',
    text: 'Each graded card gets a label with a QR code that opens its public certificate page: the card, its grades and the date.',
  },
];

const faqs = [
  {
    q: 'How accurate is a photo grade?',
    a: 'The engine measures what graders measure: centering ratios, corner and edge wear in millimetres and surface defects. Lighting and focus matter; the report warns you when a photo limits what it can see.',
  },
  {
    q: 'What do I need?',
    a: 'A phone camera, good light and a sheet of white paper. Photograph the whole card, front and back, filling most of the frame.',
  },
  {
    q: 'How much does it cost?',
    a: `Each grading costs ${POINTS_PER_GRADING} points, and new accounts get ${SIGNUP_BONUS_POINTS}. More points are sold in packages on the Buy Points page.`,
  },
  {
    q: 'Can I try it without an account?',
    a: 'Yes. Guests can run the grading flow in demo mode; demo grades are random and are not saved.',
  },
];

export function Landing() {
  const { user } = useCurrentUser();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50">
      <section className="mx-auto max-w-7xl px-4 pt-16 pb-12 text-center sm:px-6">
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Know your card's grade before you send it in
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Measured grading for Pokemon, Magic, Yu-Gi-Oh and sports cards: centering, corners, edges and surface from two
          photos.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <a href="#grade">Grade a card</a>
          </Button>
          {!user && (
            <Button asChild size="lg" variant="outline">
              <Link to="/auth">Create a free account</Link>
            </Button>
          )}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {features.map(({ Icon, title, text }) => (
            <div key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="size-8 text-brand-600" aria-hidden />
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="samples-heading" className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
        <h2 id="samples-heading" className="text-2xl font-bold text-slate-900">
          Example gradings
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          Examples, not customers’ cards: cards drawn by our test generator, photographed on white paper and graded by
          the engine you use. Beside each grade is the grade of the wear the generator drew.
        </p>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {samples.map((s) => (
            <li
              key={s.family}
              className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              data-testid="example-grading"
            >
              <div className="relative">
                <Photo
                  src={s.picture}
                  alt={`Example: ${s.label}, squared up by the engine`}
                  className="aspect-[2.5/3.5] w-full bg-slate-100 object-cover"
                  loading="lazy"
                />
                <span className="absolute top-2 right-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-bold text-slate-900">
                  {s.overallGrade}
                </span>
              </div>
              <div className="space-y-0.5 p-3 text-xs text-slate-600">
                <p className="text-sm font-semibold text-slate-900">{s.label}</p>
                <p>
                  Engine: {s.overallGrade} overall (centering {s.centeringGrade ?? 'not measured'}, corners{' '}
                  {s.cornerGrade}, edges {s.edgeGrade}, surface {s.surfaceGrade})
                </p>
                <p>Drawn as: {s.drawnGrade}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
        <h2 id="services-heading" className="text-2xl font-bold text-slate-900">
          Services
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {services.map(({ Icon, title, text }) => (
            <div key={title} className="flex gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <Icon className="size-6 shrink-0 text-brand-600" aria-hidden />
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {faqs.map((f) => (
            <details key={f.q} className="group p-4">
              <summary className="cursor-pointer font-medium text-slate-900">{f.q}</summary>
              <p className="mt-2 text-sm text-slate-600">{f.a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
