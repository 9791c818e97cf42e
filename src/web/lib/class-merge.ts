import { createTailwindMerge, validators } from 'tailwind-merge';

/*
 * tailwind-merge with the class groups Trackside's components override, instead of its default
 * config of every Tailwind class: that config is three quarters of the library (~6 kB gzipped)
 * and sat in the first script of every page. The groups below follow the default config's
 * definitions (tailwind-merge 3, Tailwind CSS 4).
 *
 * The web tests check every class list they render against the full tailwind-merge
 * (tests/setup/web.ts): a component that starts overriding a class of a group
 * missing here fails them, and the group belongs here.
 */

const {
  isArbitraryLength,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

const arbitrary = [isArbitraryVariable, isArbitraryValue];
const spacing = () => ['px', isNumber, ...arbitrary];
const sizing = () => [isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', ...spacing()];
const overflow = () => ['auto', 'hidden', 'clip', 'visible', 'scroll'];

/** The theme's colours (src/web/styles.css) and Tailwind's palette: `primary`, `muted-foreground`, `amber-900`. */
const THEME_COLOR = /^(background|foreground|card|popover|primary|secondary|muted|accent|destructive|warning|border|input|ring)(-foreground)?$/;
const PALETTE_COLOR = /^[a-z]+-(50|[1-9]00|950)$/;
const SPECIAL_COLOR = new Set(['inherit', 'current', 'transparent', 'black', 'white']);
/**
 * Colours by name, where the default config takes any value: `text-`, `bg-` and `border-` also
 * start classes of groups left out here (`text-balance`, `bg-gradient-to-b`, `border-t`), which
 * must not be read as colours.
 */
const isColor = (value: string) => SPECIAL_COLOR.has(value) || THEME_COLOR.test(value) || PALETTE_COLOR.test(value);
const color = () => [isColor, ...arbitrary];

export const mergeClasses = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    // Layout
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'table',
      'inline-table',
      'table-cell',
      'table-row',
      'flow-root',
      'grid',
      'inline-grid',
      'contents',
      'list-item',
      'hidden',
    ],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    overflow: [{ overflow: overflow() }],
    'overflow-x': [{ 'overflow-x': overflow() }],
    'overflow-y': [{ 'overflow-y': overflow() }],
    // Flexbox and grid
    'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
    'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
    flex: [{ flex: [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue] }],
    grow: [{ grow: ['', isNumber, ...arbitrary] }],
    shrink: [{ shrink: ['', isNumber, ...arbitrary] }],
    'grid-cols': [{ 'grid-cols': [isInteger, 'none', 'subgrid', ...arbitrary] }],
    gap: [{ gap: spacing() }],
    'gap-x': [{ 'gap-x': spacing() }],
    'gap-y': [{ 'gap-y': spacing() }],
    'justify-content': [{ justify: ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'center-safe', 'end-safe', 'normal'] }],
    'align-items': [{ items: ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe', { baseline: ['', 'last'] }] }],
    // Spacing
    p: [{ p: spacing() }],
    px: [{ px: spacing() }],
    py: [{ py: spacing() }],
    pt: [{ pt: spacing() }],
    pr: [{ pr: spacing() }],
    pb: [{ pb: spacing() }],
    pl: [{ pl: spacing() }],
    m: [{ m: ['auto', ...spacing()] }],
    mx: [{ mx: ['auto', ...spacing()] }],
    my: [{ my: ['auto', ...spacing()] }],
    mt: [{ mt: ['auto', ...spacing()] }],
    mr: [{ mr: ['auto', ...spacing()] }],
    mb: [{ mb: ['auto', ...spacing()] }],
    ml: [{ ml: ['auto', ...spacing()] }],
    // Sizing
    size: [{ size: sizing() }],
    w: [{ w: [isTshirtSize, 'screen', ...sizing()] }],
    'min-w': [{ 'min-w': [isTshirtSize, 'screen', 'none', ...sizing()] }],
    'max-w': [{ 'max-w': [isTshirtSize, 'screen', 'none', 'prose', { screen: [isTshirtSize] }, ...sizing()] }],
    h: [{ h: ['screen', 'lh', ...sizing()] }],
    'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...sizing()] }],
    'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...sizing()] }],
    // Typography: font-size before the colours, which share the `text-` prefix.
    'font-size': [{ text: ['base', isTshirtSize, isArbitraryVariableLength, isArbitraryLength] }],
    'font-weight': [{ font: ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'] }],
    leading: [{ leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose', ...spacing()] }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-color': [{ text: color() }],
    'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'vertical-align': [{ align: ['baseline', 'top', 'middle', 'bottom', 'text-top', 'text-bottom', 'sub', 'super', ...arbitrary] }],
    whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
    // Backgrounds and borders
    'bg-color': [{ bg: color() }],
    rounded: [{ rounded: ['', 'none', 'full', isTshirtSize, ...arbitrary] }],
    'border-w': [{ border: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    'border-color': [{ border: color() }],
    // Effects and interactivity
    shadow: [{ shadow: ['', 'inner', 'none', isTshirtSize, isArbitraryVariableShadow, isArbitraryShadow] }],
    cursor: [{ cursor: ['auto', 'default', 'pointer', 'wait', 'text', 'move', 'help', 'not-allowed', 'none', 'progress', 'grab', 'grabbing'] }],
  },
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    flex: ['grow', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    'font-size': ['leading'],
  },
  conflictingClassGroupModifiers: {
    'font-size': ['leading'],
  },
  orderSensitiveModifiers: [],
}));
