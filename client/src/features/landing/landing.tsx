import { Award, Camera, Ruler, ShieldCheck, Sparkles, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { POINTS_PER_GRADING } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/api/current-user';

const features = [
  { Icon: Ruler, title: 'Measured, not guessed', text: 'Centering, corners, edges and surface measured in millimetres on your photos, the way a professional grader looks at a card.' },
  { Icon: Camera, title: 'Two photos are enough', text: 'Photograph the front and back on white paper. The camera guide helps you line the card up.' },
  { Icon: Award, title: 'Notes you can act on', text: 'Every point taken off is explained, with the defect boxed on the image and the grade it implies.' },
];

const samples = [
  { name: 'Charizard', set: 'Base Set', grade: 9, hue: 'from-orange-400 to-red-500' },
  { name: 'Black Lotus', set: 'Alpha', grade: 7, hue: 'from-slate-600 to-slate-900' },
  { name: 'Blue-Eyes White Dragon', set: 'Legend of Blue Eyes', grade: 8, hue: 'from-sky-400 to-indigo-600' },
  { name: 'Pikachu Illustrator', set: 'Promo', grade: 10, hue: 'from-yellow-300 to-amber-500' },
  { name: 'Mickey Mantle', set: '1952 Topps', grade: 6, hue: 'from-emerald-400 to-teal-600' },
  { name: 'Dark Magician', set: 'Starter Deck Yugi', grade: 9, hue: 'from-purple-500 to-fuchsia-700' },
  { name: 'Mewtwo', set: 'Base Set', grade: 8, hue: 'from-violet-400 to-purple-600' },
  { name: 'LeBron James', set: '2003 Topps Chrome', grade: 10, hue: 'from-rose-400 to-pink-600' },
];

const services = [
  { Icon: Sparkles, title: 'Instant pre-grade', text: `${POINTS_PER_GRADING} points a card. Know what a card is likely to get before you pay for a slab.` },
  { Icon: ShieldCheck, title: 'Reviewed by people', text: 'Our graders review results and correct them when a photo misled the engine.' },
  { Icon: Truck, title: 'In-person grading', text: 'Submission of physical cards for grading is coming to GradeLens.' },
];

const faqs = [
  { q: 'How accurate is a photo grade?', a: 'The engine measures what graders measure: centering ratios, corner and edge wear in millimetres and surface defects. Lighting and focus matter; the report warns you when a photo limits what it can see.' },
  { q: 'What do I need?', a: 'A phone camera, good light and a sheet of white paper. Photograph the whole card, front and back, filling most of the frame.' },
  { q: 'How much does it cost?', a: `Each grading costs ${POINTS_PER_GRADING} points. New accounts get 20 points, and 100 points cost $5.` },
  { q: 'Can I try it without an account?', a: 'Yes. Guests can run the grading flow in demo mode; demo grades are random and are not saved.' },
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
          AI-powered grading for Pokemon, Magic, Yu-Gi-Oh and sports cards: centering, corners, edges and surface from two photos.
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
        <h2 id="features-heading" className="sr-only">Features</h2>
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
        <h2 id="samples-heading" className="text-2xl font-bold text-slate-900">Sample gradings</h2>
        <p className="mt-1 text-sm text-slate-500">Illustrations of the kind of cards collectors grade.</p>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {samples.map((s) => (
            <li key={s.name} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <div className={`relative aspect-[2.5/3.5] bg-gradient-to-br ${s.hue}`}>
                <span className="absolute top-2 right-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-bold text-slate-900">{s.grade}</span>
              </div>
              <div className="p-3">
                <p className="truncate text-sm font-semibold text-slate-900">{s.name}</p>
                <p className="truncate text-xs text-slate-500">{s.set}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
        <h2 id="services-heading" className="text-2xl font-bold text-slate-900">Services</h2>
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
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">Frequently asked questions</h2>
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
