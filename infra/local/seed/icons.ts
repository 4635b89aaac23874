/**
 * Simple vector drawings, one per kind of item, drawn in a 400 x 400 box centred on (0, 0). `c.body` fills the object,
 * `c.line` outlines it and `c.accent` marks details, so one drawing works on every category's colours.
 */
export interface IconColors {
  body: string;
  line: string;
  accent: string;
}

type Draw = (c: IconColors) => string;

const stroke = (c: IconColors, w = 10) =>
  `stroke="${c.line}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;

export const ICONS = {
  phone: (c) =>
    `<rect x="-95" y="-180" width="190" height="360" rx="34" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-75" y="-145" width="150" height="280" rx="10" fill="${c.accent}"/>` +
    `<circle cx="-45" cy="-120" r="14" fill="${c.line}"/><circle cx="-45" cy="-85" r="14" fill="${c.line}"/>` +
    `<rect x="-30" y="150" width="60" height="8" rx="4" fill="${c.line}"/>`,
  tablet: (c) =>
    `<rect x="-150" y="-190" width="300" height="380" rx="28" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-125" y="-160" width="250" height="320" rx="8" fill="${c.accent}"/><circle cx="0" cy="176" r="7" fill="${c.line}"/>`,
  laptop: (c) =>
    `<rect x="-150" y="-140" width="300" height="200" rx="14" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-128" y="-120" width="256" height="160" rx="4" fill="${c.accent}"/>` +
    `<path d="M-190 70 H190 L170 110 H-170 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-40" y="76" width="80" height="10" rx="5" fill="${c.line}"/>`,
  desktop: (c) =>
    `<rect x="-40" y="-170" width="200" height="340" rx="16" fill="${c.body}" ${stroke(c)}/>` +
    `<circle cx="60" cy="-100" r="34" fill="${c.accent}" ${stroke(c, 6)}/><circle cx="60" cy="0" r="34" fill="${c.accent}" ${stroke(c, 6)}/>` +
    `<rect x="-180" y="-110" width="120" height="90" rx="8" fill="${c.accent}" ${stroke(c, 8)}/>` +
    `<path d="M-120 -20 V40 M-150 40 H-90" ${stroke(c, 8)} fill="none"/>`,
  smartDisplay: (c) =>
    `<path d="M-170 -120 H170 V80 H-170 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-145" y="-98" width="290" height="156" rx="6" fill="${c.accent}"/>` +
    `<path d="M-110 80 Q0 190 110 80" fill="${c.body}" ${stroke(c)}/>`,
  watch: (c) =>
    `<rect x="-60" y="-190" width="120" height="380" rx="30" fill="${c.accent}" ${stroke(c, 8)}/>` +
    `<rect x="-100" y="-110" width="200" height="220" rx="50" fill="${c.body}" ${stroke(c)}/>` +
    `<circle cx="0" cy="0" r="70" fill="${c.accent}"/><path d="M0 0 V-50 M0 0 L35 20" ${stroke(c, 8)} fill="none"/>`,
  controller: (c) =>
    `<path d="M-150 -70 H150 Q200 -70 195 20 L185 110 Q175 150 130 120 L80 60 H-80 L-130 120 Q-175 150 -185 110 L-195 20 Q-200 -70 -150 -70 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-110 -20 V30 M-135 5 H-85" ${stroke(c, 14)} fill="none"/>` +
    `<circle cx="100" cy="-15" r="14" fill="${c.accent}"/><circle cx="130" cy="15" r="14" fill="${c.accent}"/><circle cx="70" cy="15" r="14" fill="${c.accent}"/>` +
    `<circle cx="-40" cy="50" r="20" fill="${c.line}"/><circle cx="40" cy="50" r="20" fill="${c.line}"/>`,
  gameCase: (c) =>
    `<rect x="-130" y="-185" width="260" height="370" rx="14" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-130" y="-185" width="260" height="50" rx="10" fill="${c.accent}"/>` +
    `<path d="M-90 120 L-20 -40 L40 60 L70 20 L100 120 Z" fill="${c.accent}"/><circle cx="60" cy="-60" r="28" fill="${c.accent}"/>`,
  mouse: (c) =>
    `<rect x="-100" y="-170" width="200" height="340" rx="100" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M0 -170 V-50 M-100 -50 H100" ${stroke(c, 8)} fill="none"/><rect x="-12" y="-130" width="24" height="50" rx="12" fill="${c.accent}"/>`,
  headphones: (c) =>
    `<path d="M-150 60 V-20 A150 150 0 0 1 150 -20 V60" fill="none" ${stroke(c, 26)}/>` +
    `<path d="M-150 60 V-20 A150 150 0 0 1 150 -20 V60" fill="none" stroke="${c.body}" stroke-width="12"/>` +
    `<rect x="-190" y="20" width="80" height="150" rx="36" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="110" y="20" width="80" height="150" rx="36" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-170" y="50" width="40" height="90" rx="18" fill="${c.accent}"/><rect x="130" y="50" width="40" height="90" rx="18" fill="${c.accent}"/>`,
  speaker: (c) =>
    `<rect x="-120" y="-180" width="240" height="360" rx="30" fill="${c.body}" ${stroke(c)}/>` +
    `<circle cx="0" cy="-90" r="45" fill="${c.accent}" ${stroke(c, 8)}/><circle cx="0" cy="70" r="80" fill="${c.accent}" ${stroke(c, 8)}/>` +
    `<circle cx="0" cy="70" r="26" fill="${c.line}"/>`,
  turntable: (c) =>
    `<rect x="-190" y="-150" width="380" height="300" rx="20" fill="${c.body}" ${stroke(c)}/>` +
    `<circle cx="-30" cy="0" r="120" fill="${c.line}"/><circle cx="-30" cy="0" r="40" fill="${c.accent}"/><circle cx="-30" cy="0" r="8" fill="${c.line}"/>` +
    `<path d="M150 -110 V40 L90 80" ${stroke(c, 12)} fill="none"/><circle cx="150" cy="-110" r="18" fill="${c.accent}"/>`,
  guitar: (c) =>
    `<path d="M-30 60 C-140 30 -160 170 -60 185 C0 195 40 170 50 120 C120 110 120 20 60 30 C60 -10 10 -20 -30 60 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M20 60 L150 -150" ${stroke(c, 22)} fill="none"/><path d="M20 60 L150 -150" stroke="${c.accent}" stroke-width="10" fill="none"/>` +
    `<rect x="130" y="-195" width="50" height="60" rx="10" fill="${c.body}" ${stroke(c, 8)} transform="rotate(40 155 -165)"/>` +
    `<circle cx="-10" cy="100" r="22" fill="${c.line}"/>`,
  microphone: (c) =>
    `<rect x="-70" y="-190" width="140" height="230" rx="70" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-70 -120 H70 M-70 -80 H70 M-70 -40 H70" ${stroke(c, 6)}/>` +
    `<path d="M-110 0 Q-110 110 0 110 Q110 110 110 0 M0 110 V180 M-70 185 H70" fill="none" ${stroke(c, 14)}/>`,
  camera: (c) =>
    `<path d="M-190 -90 H-70 L-45 -140 H45 L70 -90 H190 V150 H-190 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<circle cx="0" cy="30" r="95" fill="${c.line}"/><circle cx="0" cy="30" r="70" fill="${c.accent}"/><circle cx="0" cy="30" r="32" fill="${c.line}"/>` +
    `<circle cx="20" cy="10" r="10" fill="#ffffff" opacity="0.7"/><rect x="120" y="-70" width="44" height="24" rx="6" fill="${c.accent}"/>`,
  lens: (c) =>
    `<rect x="-110" y="-170" width="220" height="340" rx="30" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-110 -80 H110 M-110 -40 H110 M-110 60 H110" ${stroke(c, 8)}/>` +
    `<ellipse cx="0" cy="-170" rx="110" ry="34" fill="${c.accent}" ${stroke(c, 8)}/><ellipse cx="0" cy="-170" rx="60" ry="16" fill="${c.line}"/>`,
  drone: (c) =>
    `<path d="M-130 -90 L130 90 M130 -90 L-130 90" ${stroke(c, 22)}/>` +
    ['-130,-90', '130,-90', '-130,90', '130,90']
      .map((p) => {
        const [x, y] = p.split(',');
        return `<ellipse cx="${x}" cy="${y}" rx="75" ry="16" fill="${c.accent}" ${stroke(c, 6)}/>`;
      })
      .join('') +
    `<rect x="-60" y="-45" width="120" height="90" rx="26" fill="${c.body}" ${stroke(c)}/><circle cx="0" cy="62" r="20" fill="${c.line}"/>`,
  light: (c) =>
    `<path d="M0 40 L-110 190 M0 40 L110 190 M0 40 V190" ${stroke(c, 12)} fill="none"/>` +
    `<rect x="-130" y="-190" width="260" height="200" rx="18" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-105" y="-165" width="210" height="150" rx="10" fill="${c.accent}"/>`,
  backpack: (c) =>
    `<path d="M-60 -150 Q0 -210 60 -150" fill="none" ${stroke(c, 16)}/>` +
    `<rect x="-140" y="-150" width="280" height="340" rx="60" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-95" y="40" width="190" height="110" rx="24" fill="${c.accent}" ${stroke(c, 8)}/><path d="M-95 80 H95" ${stroke(c, 6)}/>`,
  shoe: (c) =>
    `<path d="M-190 120 V-10 Q-190 -60 -140 -60 L-60 -70 Q-40 -10 20 0 L120 30 Q190 50 190 110 V120 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-196 120 H196 V160 H-196 Z" fill="${c.accent}" ${stroke(c)}/>` +
    `<path d="M-80 -30 L-50 -40 M-60 0 L-30 -10 M-40 30 L-10 20" ${stroke(c, 8)}/>`,
  shirt: (c) =>
    `<path d="M-70 -170 Q0 -120 70 -170 L190 -110 L150 -20 L110 -40 V180 H-110 V-40 L-150 -20 L-190 -110 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-70 -170 Q0 -100 70 -170" fill="${c.accent}" ${stroke(c, 8)}/>`,
  handbag: (c) =>
    `<path d="M-90 -60 V-110 Q-90 -180 0 -180 Q90 -180 90 -110 V-60" fill="none" ${stroke(c, 16)}/>` +
    `<path d="M-170 -60 H170 L150 170 H-150 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-36" y="-20" width="72" height="44" rx="8" fill="${c.accent}" ${stroke(c, 6)}/>`,
  chain: (c) =>
    Array.from({ length: 6 }, (_, i) => {
      const a = (i / 6) * Math.PI * 2;
      const x = Math.round(Math.cos(a) * 120);
      const y = Math.round(Math.sin(a) * 120);
      return `<ellipse cx="${x}" cy="${y}" rx="60" ry="36" fill="none" stroke="${c.accent}" stroke-width="22" transform="rotate(${Math.round((a * 180) / Math.PI) + 90} ${x} ${y})"/>`;
    }).join('') + `<circle cx="0" cy="0" r="44" fill="${c.body}" ${stroke(c, 8)}/>`,
  dumbbell: (c) =>
    `<rect x="-110" y="-16" width="220" height="32" rx="10" fill="${c.accent}" ${stroke(c, 8)}/>` +
    `<rect x="-185" y="-110" width="50" height="220" rx="14" fill="${c.body}" ${stroke(c)}/><rect x="-135" y="-80" width="36" height="160" rx="10" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="135" y="-110" width="50" height="220" rx="14" fill="${c.body}" ${stroke(c)}/><rect x="99" y="-80" width="36" height="160" rx="10" fill="${c.body}" ${stroke(c)}/>`,
  bicycle: (c) =>
    `<circle cx="-115" cy="60" r="80" fill="none" ${stroke(c, 14)}/><circle cx="115" cy="60" r="80" fill="none" ${stroke(c, 14)}/>` +
    `<path d="M-115 60 L-40 -60 H80 L115 60 M-40 -60 L10 60 L80 -60 M10 60 H-115 M-60 -90 H-10 M80 -60 L70 -110 H110" fill="none" stroke="${c.accent}" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/>`,
  tent: (c) =>
    `<path d="M-190 150 L0 -170 L190 150 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-60 150 L0 20 L60 150 Z" fill="${c.accent}" ${stroke(c, 8)}/><path d="M0 -170 V-200" ${stroke(c, 10)}/>`,
  ball: (c) =>
    `<circle cx="0" cy="0" r="170" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-170 0 H170 M0 -170 V170 M-120 -120 Q-40 0 -120 120 M120 -120 Q40 0 120 120" fill="none" ${stroke(c, 8)}/>`,
  board: (c) =>
    `<ellipse cx="0" cy="0" rx="80" ry="195" fill="${c.body}" ${stroke(c)} transform="rotate(35)"/>` +
    `<path d="M-40 -60 L40 60" stroke="${c.accent}" stroke-width="24" stroke-linecap="round" transform="rotate(35)"/>` +
    `<path d="M-180 150 L160 -160" ${stroke(c, 10)}/><ellipse cx="170" cy="-170" rx="18" ry="36" fill="${c.accent}" transform="rotate(45 170 -170)"/>`,
  stroller: (c) =>
    `<path d="M-150 -20 A150 150 0 0 1 10 -170 V-20 Z" fill="${c.accent}" ${stroke(c)}/>` +
    `<path d="M-150 -20 H130 Q120 80 30 90 H-90 Q-150 80 -150 -20 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M130 -20 L180 -120 H200" fill="none" ${stroke(c, 12)}/>` +
    `<circle cx="-90" cy="150" r="38" fill="${c.accent}" ${stroke(c)}/><circle cx="70" cy="150" r="38" fill="${c.accent}" ${stroke(c)}/>`,
  blocks: (c) =>
    `<rect x="-180" y="20" width="170" height="150" rx="12" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="10" y="20" width="170" height="150" rx="12" fill="${c.accent}" ${stroke(c)}/>` +
    `<rect x="-85" y="-140" width="170" height="150" rx="12" fill="${c.body}" ${stroke(c)}/>` +
    [-140, -60, 50, 130]
      .map((x) => `<rect x="${x - 20}" y="0" width="40" height="22" rx="6" fill="${c.line}"/>`)
      .join('') +
    `<rect x="-60" y="-160" width="40" height="22" rx="6" fill="${c.line}"/><rect x="20" y="-160" width="40" height="22" rx="6" fill="${c.line}"/>`,
  crib: (c) =>
    `<rect x="-190" y="-120" width="380" height="260" rx="14" fill="none" ${stroke(c, 14)}/>` +
    [-140, -95, -50, -5, 40, 85, 130]
      .map((x) => `<path d="M${x} -120 V140" stroke="${c.accent}" stroke-width="14"/>`)
      .join('') +
    `<rect x="-180" y="60" width="360" height="50" rx="10" fill="${c.body}" ${stroke(c, 8)}/>` +
    `<path d="M-190 140 V190 M190 140 V190" ${stroke(c, 14)}/>`,
  paw: (c) =>
    `<ellipse cx="0" cy="70" rx="110" ry="95" fill="${c.body}" ${stroke(c)}/>` +
    `<ellipse cx="-140" cy="-40" rx="42" ry="55" fill="${c.body}" ${stroke(c)}/><ellipse cx="140" cy="-40" rx="42" ry="55" fill="${c.body}" ${stroke(c)}/>` +
    `<ellipse cx="-60" cy="-130" rx="44" ry="58" fill="${c.body}" ${stroke(c)}/><ellipse cx="60" cy="-130" rx="44" ry="58" fill="${c.body}" ${stroke(c)}/>`,
  fish: (c) =>
    `<path d="M-160 0 Q-40 -150 120 0 Q-40 150 -160 0 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M110 0 L190 -80 V80 Z" fill="${c.accent}" ${stroke(c)}/><circle cx="-90" cy="-20" r="16" fill="${c.line}"/>` +
    `<path d="M-20 -60 Q10 0 -20 60" fill="none" ${stroke(c, 8)}/>`,
  sofa: (c) =>
    `<rect x="-170" y="-120" width="340" height="150" rx="30" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-195" y="-40" width="70" height="170" rx="24" fill="${c.accent}" ${stroke(c)}/><rect x="125" y="-40" width="70" height="170" rx="24" fill="${c.accent}" ${stroke(c)}/>` +
    `<rect x="-130" y="20" width="260" height="110" rx="16" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-170 130 V180 M170 130 V180" ${stroke(c, 14)}/>`,
  mixer: (c) =>
    `<path d="M-150 160 H150 V120 H-150 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-130 120 V-100 Q-130 -180 -40 -180 H120 Q170 -180 170 -130 V-80 H-40 V120 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-30 20 H140 L110 120 H0 Z" fill="${c.accent}" ${stroke(c)}/><path d="M60 -80 V20" ${stroke(c, 10)}/>`,
  vacuum: (c) =>
    `<path d="M60 -190 L-40 120" ${stroke(c, 22)}/><path d="M60 -190 L-40 120" stroke="${c.accent}" stroke-width="10"/>` +
    `<rect x="20" y="-120" width="110" height="150" rx="30" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-140 120 H40 V170 H-140 Z" fill="${c.body}" ${stroke(c)}/><circle cx="80" cy="-50" r="22" fill="${c.accent}"/>`,
  plant: (c) =>
    `<path d="M-100 60 H100 L80 190 H-80 Z" fill="${c.accent}" ${stroke(c)}/>` +
    `<path d="M0 60 V-60" ${stroke(c, 12)}/>` +
    `<path d="M0 -40 Q-150 -60 -140 -180 Q-20 -160 0 -40 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M0 0 Q150 -20 150 -140 Q20 -120 0 0 Z" fill="${c.body}" ${stroke(c)}/>`,
  lamp: (c) =>
    `<path d="M-110 -40 L-60 -180 H60 L110 -40 Z" fill="${c.accent}" ${stroke(c)}/>` +
    `<path d="M0 -40 V150" ${stroke(c, 14)}/><rect x="-90" y="150" width="180" height="36" rx="14" fill="${c.body}" ${stroke(c)}/>`,
  brake: (c) =>
    `<circle cx="0" cy="0" r="180" fill="${c.body}" ${stroke(c)}/><circle cx="0" cy="0" r="70" fill="${c.accent}" ${stroke(c, 8)}/>` +
    Array.from({ length: 5 }, (_, i) => {
      const a = (i / 5) * Math.PI * 2;
      return `<circle cx="${Math.round(Math.cos(a) * 38)}" cy="${Math.round(Math.sin(a) * 38)}" r="9" fill="${c.line}"/>`;
    }).join('') +
    `<path d="M110 -150 A190 190 0 0 1 110 150 L70 110 A140 140 0 0 0 70 -110 Z" fill="${c.accent}" ${stroke(c)}/>`,
  motorcycle: (c) =>
    `<circle cx="-125" cy="90" r="75" fill="none" ${stroke(c, 18)}/><circle cx="130" cy="90" r="75" fill="none" ${stroke(c, 18)}/>` +
    `<path d="M-125 90 L-40 -10 H60 L130 90" fill="none" ${stroke(c, 12)}/>` +
    `<path d="M-60 -10 Q-40 -80 40 -70 L70 -10 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M60 -10 L100 -110 H140" fill="none" ${stroke(c, 12)}/><path d="M-150 -30 H-40" ${stroke(c, 14)}/>`,
  tire: (c) =>
    `<circle cx="0" cy="0" r="185" fill="${c.line}"/><circle cx="0" cy="0" r="115" fill="${c.body}" ${stroke(c)}/>` +
    Array.from({ length: 6 }, (_, i) => {
      const a = (i / 6) * Math.PI * 2;
      return `<path d="M0 0 L${Math.round(Math.cos(a) * 110)} ${Math.round(Math.sin(a) * 110)}" stroke="${c.accent}" stroke-width="22"/>`;
    }).join('') +
    `<circle cx="0" cy="0" r="36" fill="${c.accent}" ${stroke(c, 8)}/>`,
  radio: (c) =>
    `<rect x="-190" y="-120" width="380" height="260" rx="30" fill="${c.body}" ${stroke(c)}/>` +
    `<circle cx="-80" cy="10" r="85" fill="${c.accent}" ${stroke(c, 8)}/><circle cx="-80" cy="10" r="30" fill="${c.line}"/>` +
    `<rect x="40" y="-70" width="110" height="60" rx="8" fill="${c.accent}" ${stroke(c, 6)}/>` +
    `<circle cx="70" cy="60" r="22" fill="${c.line}"/><circle cx="130" cy="60" r="22" fill="${c.line}"/><path d="M-120 -120 L40 -190" ${stroke(c, 8)}/>`,
  wrench: (c) =>
    `<path d="M-150 150 L60 -60" ${stroke(c, 60)}/><path d="M-150 150 L60 -60" stroke="${c.body}" stroke-width="40" stroke-linecap="round"/>` +
    `<path d="M40 -40 A90 90 0 1 1 140 -140 L100 -100 L130 -60 L170 -110 A90 90 0 0 1 40 -40 Z" fill="${c.accent}" ${stroke(c)}/>`,
  bottle: (c) =>
    `<path d="M-50 -100 H70 V-150 H-10 L-70 -120 Z" fill="${c.accent}" ${stroke(c)}/>` +
    `<rect x="-90" y="-100" width="180" height="290" rx="40" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-60" y="-20" width="120" height="120" rx="12" fill="${c.accent}"/><path d="M70 -150 H120" ${stroke(c, 10)}/>`,
  drill: (c) =>
    `<path d="M-170 -130 H110 Q150 -130 150 -80 Q150 -30 110 -30 H-170 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M150 -80 H200" ${stroke(c, 18)}/>` +
    `<path d="M-60 -30 L-90 110 H-10 L20 -30 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-130" y="110" width="160" height="80" rx="14" fill="${c.accent}" ${stroke(c)}/><rect x="-150" y="-110" width="80" height="60" rx="8" fill="${c.accent}"/>`,
  saw: (c) =>
    `<path d="${Array.from({ length: 24 }, (_, i) => {
      const a = (i / 24) * Math.PI * 2;
      const r = i % 2 === 0 ? 190 : 160;
      return `${i === 0 ? 'M' : 'L'}${Math.round(Math.cos(a) * r)} ${Math.round(Math.sin(a) * r)}`;
    }).join(' ')} Z" fill="${c.body}" ${stroke(c, 8)}/>` +
    `<circle cx="0" cy="0" r="70" fill="${c.accent}" ${stroke(c, 8)}/><circle cx="0" cy="0" r="18" fill="${c.line}"/>`,
  screw: (c) =>
    `<path d="M-110 -160 H110 Q110 -100 60 -100 H-60 Q-110 -100 -110 -160 Z" fill="${c.accent}" ${stroke(c)}/>` +
    `<path d="M-50 -100 V120 L0 190 L50 120 V-100 Z" fill="${c.body}" ${stroke(c)}/>` +
    [-70, -20, 30, 80].map((y) => `<path d="M-50 ${y} L50 ${y + 25}" ${stroke(c, 8)}/>`).join('') +
    `<path d="M-40 -160 H40 M0 -175 V-145" ${stroke(c, 8)}/>`,
  chair: (c) =>
    `<rect x="-110" y="-190" width="220" height="180" rx="40" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-140" y="10" width="280" height="60" rx="24" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-130 -40 V40 M130 -40 V40" ${stroke(c, 14)}/><path d="M0 70 V140 M-120 180 L0 140 L120 180 M0 140 V190" fill="none" ${stroke(c, 14)}/>` +
    `<path d="M-80 -150 H80 M-80 -110 H80 M-80 -70 H80" stroke="${c.accent}" stroke-width="8"/>`,
  printer: (c) =>
    `<rect x="-110" y="-190" width="220" height="110" fill="#ffffff" ${stroke(c, 8)}/>` +
    `<rect x="-190" y="-90" width="380" height="190" rx="24" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-120" y="60" width="240" height="130" fill="#ffffff" ${stroke(c, 8)}/>` +
    `<path d="M-80 100 H80 M-80 140 H40" ${stroke(c, 8)}/><circle cx="140" cy="-40" r="14" fill="${c.accent}"/>`,
  register: (c) =>
    `<rect x="-150" y="-190" width="300" height="200" rx="18" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-125" y="-165" width="250" height="150" rx="8" fill="${c.accent}"/>` +
    `<path d="M-30 10 L-60 110 H60 L30 10 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-190" y="110" width="380" height="70" rx="14" fill="${c.body}" ${stroke(c)}/>`,
  pen: (c) =>
    [-110, 0, 110]
      .map(
        (x, i) =>
          `<g transform="rotate(${(i - 1) * 12} ${x} 0)"><rect x="${x - 28}" y="-170" width="56" height="300" rx="20" fill="${i === 1 ? c.accent : c.body}" ${stroke(c, 8)}/>` +
          `<path d="M${x - 28} 130 L${x} 190 L${x + 28} 130 Z" fill="${c.line}"/><rect x="${x + 20}" y="-150" width="14" height="110" rx="6" fill="${c.line}"/></g>`,
      )
      .join(''),
  card: (c) =>
    `<rect x="-135" y="-190" width="270" height="380" rx="18" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-110" y="-160" width="220" height="170" rx="8" fill="${c.accent}"/>` +
    `<path d="M-60 -40 L0 -130 L60 -40 Z" fill="${c.line}" opacity="0.6"/>` +
    `<path d="M-100 50 H100 M-100 90 H60 M-100 130 H80" ${stroke(c, 8)}/><circle cx="90" cy="-150" r="16" fill="${c.line}"/>`,
  book: (c) =>
    `<path d="M-180 -150 Q-90 -190 0 -150 Q90 -190 180 -150 V160 Q90 120 0 160 Q-90 120 -180 160 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M0 -150 V160" ${stroke(c, 8)}/>` +
    `<path d="M-150 -90 H-30 M-150 -50 H-30 M-150 -10 H-50 M30 -90 H150 M30 -50 H150 M30 -10 H130" stroke="${c.accent}" stroke-width="10" stroke-linecap="round"/>`,
  comic: (c) =>
    `<rect x="-140" y="-190" width="280" height="380" rx="8" fill="${c.body}" ${stroke(c)}/>` +
    `<rect x="-115" y="-165" width="110" height="150" fill="${c.accent}" ${stroke(c, 6)}/><rect x="15" y="-165" width="100" height="150" fill="${c.accent}" ${stroke(c, 6)}/>` +
    `<rect x="-115" y="10" width="230" height="150" fill="${c.accent}" ${stroke(c, 6)}/>` +
    `<path d="M-40 40 Q0 0 60 40 Q80 90 20 100 L0 140 L-5 100 Q-70 90 -40 40 Z" fill="#ffffff" ${stroke(c, 6)}/>`,
  trophy: (c) =>
    `<path d="M-110 -170 H110 V-60 Q110 40 0 60 Q-110 40 -110 -60 Z" fill="${c.accent}" ${stroke(c)}/>` +
    `<path d="M-110 -140 Q-190 -140 -170 -60 Q-150 -10 -100 -20 M110 -140 Q190 -140 170 -60 Q150 -10 100 -20" fill="none" ${stroke(c, 12)}/>` +
    `<path d="M0 60 V130" ${stroke(c, 22)}/><rect x="-100" y="130" width="200" height="55" rx="10" fill="${c.body}" ${stroke(c)}/>`,
  vinyl: (c) =>
    `<rect x="-190" y="-170" width="250" height="340" fill="${c.body}" ${stroke(c)}/>` +
    `<circle cx="60" cy="0" r="160" fill="${c.line}"/>` +
    `<circle cx="60" cy="0" r="120" fill="none" stroke="${c.body}" stroke-width="3" opacity="0.5"/><circle cx="60" cy="0" r="90" fill="none" stroke="${c.body}" stroke-width="3" opacity="0.5"/>` +
    `<circle cx="60" cy="0" r="52" fill="${c.accent}"/><circle cx="60" cy="0" r="8" fill="${c.line}"/>`,
  film: (c) =>
    `<rect x="-170" y="-140" width="340" height="280" rx="14" fill="${c.line}"/>` +
    [-120, -60, 0, 60, 120]
      .map(
        (x) =>
          `<rect x="${x - 14}" y="-125" width="28" height="22" rx="4" fill="${c.body}"/><rect x="${x - 14}" y="103" width="28" height="22" rx="4" fill="${c.body}"/>`,
      )
      .join('') +
    `<rect x="-150" y="-85" width="140" height="170" fill="${c.accent}"/><rect x="10" y="-85" width="140" height="170" fill="${c.accent}"/>` +
    `<path d="M-100 -30 L-40 0 L-100 30 Z" fill="${c.line}"/>`,
  painting: (c) =>
    `<rect x="-190" y="-150" width="380" height="300" fill="${c.accent}" ${stroke(c, 18)}/>` +
    `<path d="M-175 135 L-70 -20 L0 60 L80 -60 L175 90 V135 Z" fill="${c.body}"/><circle cx="100" cy="-90" r="30" fill="#ffffff" opacity="0.8"/>`,
  frame: (c) =>
    `<rect x="-150" y="-190" width="300" height="380" fill="${c.body}" ${stroke(c, 14)}/>` +
    `<rect x="-110" y="-150" width="220" height="300" fill="${c.accent}"/>` +
    `<path d="M-110 110 Q-40 20 20 80 Q70 130 110 60 V150 H-110 Z" fill="${c.body}" opacity="0.8"/><circle cx="-30" cy="-60" r="36" fill="#ffffff" opacity="0.7"/>`,
  vase: (c) =>
    `<path d="M-50 -190 H50 V-150 Q140 -60 120 60 Q100 190 0 190 Q-100 190 -120 60 Q-140 -60 -50 -150 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<path d="M-115 0 Q0 40 115 0" fill="none" stroke="${c.accent}" stroke-width="18"/><path d="M-105 70 Q0 110 105 70" fill="none" stroke="${c.accent}" stroke-width="10"/>`,
  palette: (c) =>
    `<path d="M0 -170 C130 -170 200 -80 190 20 C180 110 90 100 80 150 C70 190 20 190 -20 180 C-150 150 -200 60 -190 -30 C-180 -120 -110 -170 0 -170 Z" fill="${c.body}" ${stroke(c)}/>` +
    `<circle cx="-90" cy="-60" r="28" fill="#ef4444"/><circle cx="-10" cy="-110" r="28" fill="#f59e0b"/><circle cx="80" cy="-90" r="28" fill="#22c55e"/>` +
    `<circle cx="120" cy="0" r="28" fill="#3b82f6"/><circle cx="-110" cy="40" r="28" fill="${c.accent}"/><circle cx="10" cy="70" r="30" fill="${c.line}" opacity="0.3"/>`,
  monitor: (c) =>
    `<rect x="-190" y="-160" width="380" height="250" rx="16" fill="${c.line}"/>` +
    `<rect x="-170" y="-140" width="340" height="210" fill="${c.accent}"/>` +
    `<path d="M-170 70 L-60 -40 L20 30 L90 -60 L170 30 V70 Z" fill="${c.body}"/><circle cx="-100" cy="-80" r="26" fill="#ffffff" opacity="0.8"/>` +
    `<path d="M0 90 V150 M-90 160 H90" fill="none" ${stroke(c, 18)}/>`,
} satisfies Record<string, Draw>;

export type IconKind = keyof typeof ICONS;

/** Which drawing suits each subcategory (keyed `Category/Subcategory`, since 'Accessories' and 'Furniture' repeat). */
export const SUBCATEGORY_ICONS: Record<string, IconKind> = {
  'Electronics/Smartphones': 'phone',
  'Electronics/Tablets': 'tablet',
  'Electronics/Laptops': 'laptop',
  'Electronics/Desktop PCs': 'desktop',
  'Electronics/Smart Home': 'smartDisplay',
  'Electronics/Wearables': 'watch',
  'Automotive/Car Parts': 'brake',
  'Automotive/Motorcycles': 'motorcycle',
  'Automotive/Tires & Wheels': 'tire',
  'Automotive/Car Audio': 'radio',
  'Automotive/Tools': 'wrench',
  'Automotive/Maintenance': 'bottle',
  "Fashion/Men's Clothing": 'shirt',
  "Fashion/Women's Clothing": 'shirt',
  'Fashion/Shoes': 'shoe',
  'Fashion/Accessories': 'handbag',
  'Fashion/Watches': 'watch',
  'Fashion/Jewelry': 'chain',
  'Home & Garden/Furniture': 'sofa',
  'Home & Garden/Appliances': 'vacuum',
  'Home & Garden/Kitchen': 'mixer',
  'Home & Garden/Garden Tools': 'plant',
  'Home & Garden/Decor': 'lamp',
  'Home & Garden/Storage': 'blocks',
  'Gaming/Consoles': 'controller',
  'Gaming/Games': 'gameCase',
  'Gaming/PC Gaming': 'mouse',
  'Gaming/Retro Gaming': 'controller',
  'Audio & Music/Headphones': 'headphones',
  'Audio & Music/Speakers': 'speaker',
  'Audio & Music/Turntables': 'turntable',
  'Audio & Music/Musical Instruments': 'guitar',
  'Audio & Music/Pro Audio': 'microphone',
  'Photography/Cameras': 'camera',
  'Photography/Lenses': 'lens',
  'Photography/Drones': 'drone',
  'Photography/Lighting': 'light',
  'Photography/Accessories': 'backpack',
  'Sports & Fitness/Exercise Equipment': 'dumbbell',
  'Sports & Fitness/Cycling': 'bicycle',
  'Sports & Fitness/Outdoor & Camping': 'tent',
  'Sports & Fitness/Team Sports': 'ball',
  'Sports & Fitness/Water Sports': 'board',
  'Collectibles/Trading Cards': 'card',
  'Collectibles/Comics': 'comic',
  'Collectibles/Memorabilia': 'trophy',
  'Collectibles/Vintage Items': 'radio',
  'Books & Media/Books': 'book',
  'Books & Media/Vinyl Records': 'vinyl',
  'Books & Media/Movies': 'film',
  'Books & Media/Magazines': 'book',
  'Baby & Kids/Baby Gear': 'stroller',
  'Baby & Kids/Toys': 'blocks',
  'Baby & Kids/Clothing': 'shirt',
  'Baby & Kids/Furniture': 'crib',
  'Art & Crafts/Paintings': 'painting',
  'Art & Crafts/Prints': 'frame',
  'Art & Crafts/Sculpture': 'vase',
  'Art & Crafts/Craft Supplies': 'palette',
  'Art & Crafts/Digital Art': 'monitor',
  'Pet Supplies/Dog Supplies': 'paw',
  'Pet Supplies/Cat Supplies': 'paw',
  'Pet Supplies/Aquarium': 'fish',
  'Pet Supplies/Small Animals': 'paw',
  'Tools & Hardware/Power Tools': 'drill',
  'Tools & Hardware/Hand Tools': 'wrench',
  'Tools & Hardware/Hardware': 'screw',
  'Tools & Hardware/Workshop Equipment': 'saw',
  'Business & Office/Office Furniture': 'chair',
  'Business & Office/Office Supplies': 'pen',
  'Business & Office/Printers & Scanners': 'printer',
  'Business & Office/Point of Sale': 'register',
};

export function iconFor(category: string, subcategory: string): IconKind {
  const kind = SUBCATEGORY_ICONS[`${category}/${subcategory}`];
  if (!kind) throw new Error(`No drawing for ${category} / ${subcategory}`);
  return kind;
}
