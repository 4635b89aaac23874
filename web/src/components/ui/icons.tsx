/** Small inline icons (decorative: hidden from assistive technology; the control around them carries the name). */
const base = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export function SearchIcon() {
  return (
    <svg {...base}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg {...base} width={14} height={14}>
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...base} width={22} height={22}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...base} width={22} height={22}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

export function StoreIcon() {
  return (
    <svg {...base}>
      <path d="M3 9h18l-1.5-5h-15L3 9Z" />
      <path d="M5 9v11h14V9" />
      <path d="M9 20v-6h6v6" />
    </svg>
  );
}

export function LogoMark() {
  return (
    <svg width={30} height={30} viewBox="0 0 32 32" aria-hidden focusable={false}>
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path
        d="M9 10l7 6-7 6M16 10l7 6-7 6"
        stroke="white"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function WalletIcon() {
  return (
    <svg {...base}>
      <path d="M3 7a2 2 0 0 1 2-2h13v4" />
      <path d="M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2Z" />
      <circle cx="16" cy="14.5" r="1" />
    </svg>
  );
}

export function TagIcon() {
  return (
    <svg {...base}>
      <path d="M3 12V3h9l9 9-9 9-9-9Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </svg>
  );
}

export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg {...base} fill={filled ? 'currentColor' : 'none'}>
      <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...base}>
      <path d="m5 12 5 5 9-10" />
    </svg>
  );
}

export function CrossIcon() {
  return (
    <svg {...base}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

export function EyeIcon({ off = false }: { off?: boolean }) {
  return (
    <svg {...base}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {off && <path d="M3 3l18 18" />}
    </svg>
  );
}

export function RefreshIcon() {
  return (
    <svg {...base}>
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </svg>
  );
}

export function ExternalLinkIcon() {
  return (
    <svg {...base} width={16} height={16}>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v6H4V6h6" />
    </svg>
  );
}

export function ArrowLeftIcon() {
  return (
    <svg {...base}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </svg>
  );
}

export function GridIcon() {
  return (
    <svg {...base}>
      <rect x="4" y="4" width="7" height="7" rx="1" />
      <rect x="13" y="4" width="7" height="7" rx="1" />
      <rect x="4" y="13" width="7" height="7" rx="1" />
      <rect x="13" y="13" width="7" height="7" rx="1" />
    </svg>
  );
}

export function ListIcon() {
  return (
    <svg {...base}>
      <rect x="4" y="5" width="5" height="5" rx="1" />
      <rect x="4" y="14" width="5" height="5" rx="1" />
      <path d="M12 7.5h8M12 16.5h8" />
    </svg>
  );
}

export function CartIcon() {
  return (
    <svg {...base}>
      <circle cx="9" cy="20" r="1.3" />
      <circle cx="18" cy="20" r="1.3" />
      <path d="M2.5 3.5h3l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.3a1.5 1.5 0 0 0 1.5-1.1L21 7.5H6.4" />
    </svg>
  );
}

export function MinusIcon() {
  return (
    <svg {...base} width={16} height={16}>
      <path d="M5 12h14" />
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg {...base} width={16} height={16}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...base} width={16} height={16}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
