import { Facebook, Instagram, Twitter, Youtube } from 'lucide-react';
import { BRAND, TAGLINE } from '@gradelens/shared';

const social = [
  { label: 'Facebook', Icon: Facebook },
  { label: 'Instagram', Icon: Instagram },
  { label: 'Twitter', Icon: Twitter },
  { label: 'YouTube', Icon: Youtube },
];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="font-semibold text-slate-900">{BRAND}</p>
          <p className="text-sm text-slate-500">{TAGLINE}</p>
        </div>
        <div className="flex gap-3">
          {social.map(({ label, Icon }) => (
            <a
              key={label}
              href="#"
              aria-label={label}
              className="rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <Icon className="size-5" aria-hidden />
            </a>
          ))}
        </div>
        <nav aria-label="Legal" className="flex flex-wrap gap-4 text-sm text-slate-600">
          <a href="#" className="hover:text-slate-900">
            Privacy Policy
          </a>
          <a href="#" className="hover:text-slate-900">
            Terms of Service
          </a>
          <a href="#" className="hover:text-slate-900">
            Contact Us
          </a>
        </nav>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} {BRAND}. All rights reserved.
      </p>
    </footer>
  );
}
