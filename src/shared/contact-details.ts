/**
 * Contact details kept in the platform (decision 068): a client and a reader who swap an e-mail
 * address, a number, a link or a handle can carry on where neither the refund rules nor the
 * reader's share hold. Chat and live-chat messages, written questions and answers, bios and reviews
 * pass through `maskContactDetails` before the other side sees them.
 *
 * Every pattern is written so that a failed attempt costs a bounded number of steps (a run of
 * letters or digits is tried only from its first character, and repetitions that could give
 * characters to one another are capped), which keeps a whole message linear in its length: the
 * text is someone else's, and one crafted message must not stall the chat server.
 */

/** Where a message can be masked: the original is kept for admins under the context and the message's id. */
export const CONTACT_MASK_CONTEXTS = [
  'chat',
  'written_question',
  'written_answer',
  'stream_chat',
  'bio',
  'review',
] as const;
export type ContactMaskContext = (typeof CONTACT_MASK_CONTEXTS)[number];

/** The masked attempt that files a report about its sender by itself, counted over a day. */
export const MASKED_ATTEMPTS_BEFORE_REPORT = 3;

/** What the other side sees in place of each contact detail. */
export const CONTACT_DETAILS_REMOVED = '[contact details removed]';

type Span = readonly [start: number, end: number];

/** Each spelling a person would type without thinking: lower, upper and capitalised. */
const anyCase = (...words: string[]) =>
  `(?:${words.flatMap((word) => [word, word.toUpperCase(), word.charAt(0).toUpperCase() + word.slice(1)]).join('|')})`;

/**
 * Words that follow "at", "dot", "is" or a platform's name in ordinary sentences ("look at the
 * moon", "the dot com years", "my instagram is private"): seen where a name or handle would stand,
 * they show the sentence was not one.
 */
const COMMON_WORDS = new Set(
  `a an the and or but so if then than to too also is are was were be been am it its i im me my mine you your we our
  they them he she his her this that these those there here in on at of for with from by as not no yes ok okay
  please pls plz thanks thank now later today tonight tomorrow yesterday soon again instead anytime sometime
  private public down up closed blocked banned deleted gone hacked new old open active inactive same linked below
  above attached none nothing null fine great good bad dead full just really very still only maybe sure
  story stories reel reels post posts video videos live feed page account profile message messages dm dms
  group groups chat call calls app friends either lol haha hun babe dear work job works worked working look
  looked looking stay stayed staying meet met arrive arrived home noon night`.split(/\s+/),
);
const isCommonWord = (word: string) => COMMON_WORDS.has(word.toLowerCase());

/**
 * Top-level domains that end an address. Those that are also words or abbreviations (co, me, be,
 * app…) count only right after a dot with no space, where a sentence break would have had one;
 * "it", "in", "to", "so", "no", "us", "is", "at" and "my" are left out, as "fine.it" is a typo far
 * more often than an address. A capitalised ending ("fine.Thanks", "so.Me") starts a sentence,
 * so endings are matched in lower or upper case only.
 */
const TLDS_UNAMBIGUOUS =
  `com net org io uk ly gg info biz edu gov xyz de fr nl es ru eu ca au nz ie za br mx jp ch se pl cc ws
  tk fm tv ee gl`.split(/\s+/);
const TLDS_WORDLIKE = 'me co be app dev ai online site store shop club link'.split(' ');
const tlds = (list: string[]) => `(?:${[...list, ...list.map((tld) => tld.toUpperCase())].join('|')})(?![\\w-])`;
const TLD_ANY = tlds([...TLDS_UNAMBIGUOUS, ...TLDS_WORDLIKE]);
const TLD_UNAMBIGUOUS = tlds(TLDS_UNAMBIGUOUS);

/** Mail services people name without a domain ("luna at gmail"). */
const MAIL_SERVICES = `${anyCase('gmail', 'googlemail', 'yahoo', 'hotmail', 'outlook', 'icloud', 'aol', 'protonmail', 'proton', 'gmx', 'ymail')}(?![\\w-])`;

const LABEL = '[A-Za-z0-9][A-Za-z0-9-]{0,62}';
const OPEN = '[\\[({<]';
const CLOSE = '[\\])}>]';
const AT = `(?:\\s{0,3}@\\s{0,3}|\\s{0,3}${OPEN}\\s{0,2}(?:${anyCase('at')}|@)\\s{0,2}${CLOSE}\\s{0,3}|\\s{1,3}${anyCase('at')}\\s{1,3})`;

const DOT_SPELLED = `(?:\\s{0,3}${OPEN}\\s{0,2}(?:${anyCase('dot')}|\\.)\\s{0,2}${CLOSE}\\s{0,3}|\\s{1,3}${anyCase('dot')}\\s{1,3})`;
const DOT_TIGHT_OR_SPELLED = `(?:\\.|${DOT_SPELLED})`;
const DOT_SPACED = '\\s{0,3}\\.\\s{0,3}';
const SPELLED_AT = new RegExp(`^\\s+${anyCase('at')}\\s+$`);
const SPELLED_DOT = new RegExp(`\\s${anyCase('dot')}\\s`);

/**
 * An address's local part ("luna.reads", "luna dot reads"), tried only from the start of a run of
 * its letters: tried from every letter, a long word would be read once per letter.
 */
const LOCAL_PART = `(?<![\\w.%+'’-])(?<local>[\\w%+-][\\w.%+-]*(?:${DOT_SPELLED}[\\w%+-][\\w.%+-]*){0,3})`;

const EMAIL = new RegExp(`${LOCAL_PART}@${LABEL}(?:\\.${LABEL}){0,4}\\.[A-Za-z]{2,24}(?![\\w-])`, 'g');

/**
 * "name at gmail dot com", "name (at) gmail (dot) com", "name[at]gmail[.]com", "name @ gmail . com".
 * A dot with spaces around it ends a sentence as often as it spells an address, so then only an
 * unambiguous ending counts ("looked at him. me too" is a sentence).
 */
const EMAIL_SPELLED = new RegExp(
  `${LOCAL_PART}(?<at>${AT})(?:${LABEL}(?:(?:${DOT_TIGHT_OR_SPELLED}|${DOT_SPACED})${LABEL}){0,4}(?:${DOT_TIGHT_OR_SPELLED}${TLD_ANY}|${DOT_SPACED}${TLD_UNAMBIGUOUS})|${MAIL_SERVICES})`,
  'g',
);

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;

/** example.com, t.me/luna, wa.me/15551234567, bit.ly/x, and "lunareads dot com". */
const DOMAIN = new RegExp(
  `(?<![\\w.-])(?<first>${LABEL})(?:${DOT_TIGHT_OR_SPELLED}${LABEL}){0,4}${DOT_TIGHT_OR_SPELLED}${TLD_ANY}(?:[/?#][^\\s<>"]*)?`,
  'g',
);

/** A link's last character is rarely punctuation but often the sentence's. */
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}]+$/;

const DIGIT_WORD = '(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?![a-z]),?';
/**
 * Seven digits or more, written or spelled, with what people put between them. Fewer is a count,
 * a price or a time; seven is the shortest local number in most countries. A comma separates
 * spelled digits ("five, five, five") but not written ones, where it groups thousands or lists
 * cards ("1, 4, 7, 9, 11, 15").
 */
const PHONE = new RegExp(
  `(?<![\\w+])(?:\\+\\s?)?\\(?(?:\\d|${DIGIT_WORD})(?:[\\s.\\-()]{0,3}(?:\\d|${DIGIT_WORD})){6,}`,
  'gi',
);
/** 1-800-FLOWERS: a number spelled in letters on the keypad. */
const VANITY_PHONE =
  /(?<![\w+])\+?1[-.]8(?:00|33|44|55|66|77|88)[-.](?=[A-Z0-9-]{0,8}[A-Z])[A-Z0-9]{3}-?[A-Z0-9]{4}(?!\w)/g;

/**
 * Runs of digits that are dates, times, year ranges or prices. A phone number is looked for with
 * these blanked out, as "2026-11-30" or "10.30-11.30" would otherwise read as eight digits. Each
 * must not continue a longer run of digits, so that a number written with dots
 * ("06.12.34.56.78") is not taken apart as a time.
 */
const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
const MONTH = '(?:0?[1-9]|1[0-2])';
const YEAR = '(?:1[89]|20)\\d\\d';
const NOT_DIGITS_BEFORE = (separators: string) => `(?<!\\d[${separators}]?)`;
const NOT_DIGITS_AFTER = (separators: string) => `(?![${separators}]?\\d)`;
const NOT_PHONE_NUMBERS = [
  new RegExp(`${NOT_DIGITS_BEFORE('./-')}${DAY}(?<sep>[./-])${DAY}\\k<sep>${YEAR}${NOT_DIGITS_AFTER('./-')}`, 'g'),
  new RegExp(`${NOT_DIGITS_BEFORE('./ -')}${DAY} ${DAY} ${YEAR}${NOT_DIGITS_AFTER('./ -')}`, 'g'),
  new RegExp(`${NOT_DIGITS_BEFORE('./-')}${YEAR}(?<sep>[./-])${MONTH}\\k<sep>${DAY}${NOT_DIGITS_AFTER('./-')}`, 'g'),
  new RegExp(`${NOT_DIGITS_BEFORE('./-')}${YEAR}\\s?[-–]\\s?${YEAR}${NOT_DIGITS_AFTER('./-')}`, 'g'),
  new RegExp(`${NOT_DIGITS_BEFORE('.:')}(?:[01]?\\d|2[0-3])[.:][0-5]\\d${NOT_DIGITS_AFTER('.:')}`, 'g'),
  /[$€£]\s?\d+(?:[.,]\d+)*(?: \d{3}(?!\d))*/g,
  /\d{1,3}(?: \d{3})+(?=\s?(?:usd|eur|gbp|dollars?|euros?|pounds?|credits?)\b)/gi,
];

const PLATFORM = `(?:instagram|insta|ig|snapchat|snap|whats\\s?app|telegram|tg|facebook|fb|tik\\s?tok|discord|skype|kik|twitter|viber|wechat|linkedin)(?![a-z])`;
/** Instagram's and TikTok's limit is 30 characters; a Discord name may carry its #1234. */
const HANDLE = '@?[a-z0-9_](?:[a-z0-9_.]{0,28}[a-z0-9_])?(?:#\\d{4})?(?![\\w@])';
const TIME_AFTER_AT = '\\d{1,2}(?:[:.]\\d\\d)?\\s?(?:[ap]\\.?m\\.?)?(?!\\w)';

/**
 * "insta: luna", "telegram @luna", "my instagram is luna", "add me on snapchat luna". Only a colon,
 * an "@" or an invitation ("add me on") makes the next word a handle: "I saw it on instagram
 * yesterday" names an app, not an account.
 */
const PLATFORM_HANDLE = new RegExp(
  `(?<!\\w)(?<lead>(?:my|our)\\s{1,3}|(?:add|find|follow|message|msg|dm|text|reach|contact|hit|catch|call)\\s{1,3}me(?:\\s{1,3}up)?\\s{1,3}(?:on|at|via|over|through)\\s{1,3})?` +
    `(?<detail>(?<platform>${PLATFORM})(?:\\s{0,3}(?<label>handle|username|user\\s?name|user|name|id|account|acct|acc|tag|number)(?![a-z]))?` +
    `(?<link>\\s{0,3}[:=-]\\s{0,3}|\\s{1,3}is\\s{1,3}|\\s{0,3})(?<handle>${HANDLE}))`,
  'gi',
);
/** "whatsapp me": no handle, but an invitation to leave the platform all the same ("oh snap me too" is not one). */
const PLATFORM_INVITATION =
  /(?<!\w)(?<!\boh,?\s{1,3})(?:whats\s?app|telegram|snap(?:chat)?|kik|skype|facetime|viber|wechat)\s{1,3}me(?![\w'’])/gi;
const AT_HANDLE = new RegExp(
  `(?<![\\w.@+-])@(?!${TIME_AFTER_AT})[a-z0-9_](?:[a-z0-9_.]{0,28}[a-z0-9_])?(?![\\w@])`,
  'gi',
);
const TIME_HANDLE = new RegExp(`^@${TIME_AFTER_AT}$`, 'i');

/** Facebook, LinkedIn and Skype show a person's name, not a handle: "Facebook: Luna Starweaver". */
const NAMED_PLATFORM = /^(?:facebook|fb|linkedin|skype)$/i;
const NAME_WORD = /\s([A-Z][a-z'’-]{1,30})(?![\w@])/y;

function endOfName(text: string, end: number): number {
  let nameEnd = end;
  for (let words = 0; words < 2; words++) {
    NAME_WORD.lastIndex = nameEnd;
    const word = NAME_WORD.exec(text)?.[1];
    if (word === undefined || isCommonWord(word)) break;
    nameEnd = NAME_WORD.lastIndex;
  }
  return nameEnd;
}

function isHandle({ handle = '', link = '', lead = '', label }: Record<string, string | undefined>): boolean {
  if (handle.startsWith('@')) return !TIME_HANDLE.test(handle);
  if (isCommonWord(handle)) return false;
  const joiner = link.trim().toLowerCase();
  const owner = lead.trim().toLowerCase();
  // "my instagram is private" is about the account; "my instagram is luna" and "instagram handle is luna" name it.
  if (joiner === 'is') return owner !== '' || label !== undefined;
  if (joiner !== '') return true;
  if (link === '') return false;
  // A bare word after the platform's name is a handle when the writer invites ("add me on snap
  // luna"), or after "my" when it looks like one ("my insta luna_22", not "my snapchat friends").
  return owner !== '' && ((owner !== 'my' && owner !== 'our') || /[\d_.]/.test(handle));
}

function* matchSpans(
  pattern: RegExp,
  text: string,
  pick: (match: RegExpExecArray) => Span | undefined,
): Generator<Span> {
  for (const match of text.matchAll(pattern)) {
    const span = pick(match);
    if (span) yield span;
  }
}

const whole = (match: RegExpExecArray): Span => [match.index, match.index + match[0].length];
const withoutTrailingPunctuation = (match: RegExpExecArray): Span => [
  match.index,
  match.index + match[0].replace(TRAILING_PUNCTUATION, '').length,
];

/** The text with dates, times and prices turned into a character no phone pattern reads, at the same offsets. */
function withoutNonPhoneNumbers(text: string): string {
  return NOT_PHONE_NUMBERS.reduce(
    (current, pattern) => current.replace(pattern, (found) => '#'.repeat(found.length)),
    text,
  );
}

function contactDetailSpans(text: string): Span[] {
  return [
    ...matchSpans(EMAIL, text, whole),
    ...matchSpans(EMAIL_SPELLED, text, (match) => {
      const { at = '', local = '' } = match.groups ?? {};
      // "meet at noon.com" and "I work at yahoo" are where someone is, not an address.
      return SPELLED_AT.test(at) && (local.length < 2 || isCommonWord(local)) ? undefined : whole(match);
    }),
    ...matchSpans(LINK, text, withoutTrailingPunctuation),
    ...matchSpans(DOMAIN, text, (match) =>
      SPELLED_DOT.test(match[0]) && isCommonWord(match.groups?.first ?? '')
        ? undefined
        : withoutTrailingPunctuation(match),
    ),
    ...matchSpans(PHONE, withoutNonPhoneNumbers(text), whole),
    ...matchSpans(VANITY_PHONE, text, whole),
    ...matchSpans(PLATFORM_HANDLE, text, (match) => {
      const groups = match.groups ?? {};
      if (!isHandle(groups)) return undefined;
      const start = match.index + (groups.lead?.length ?? 0);
      const end = start + (groups.detail?.length ?? 0);
      return [
        start,
        NAMED_PLATFORM.test(groups.platform ?? '') && /^[A-Z]/.test(groups.handle ?? '') ? endOfName(text, end) : end,
      ];
    }),
    ...matchSpans(PLATFORM_INVITATION, text, whole),
    ...matchSpans(AT_HANDLE, text, whole),
  ];
}

/** Overlapping or touching finds are one contact detail ("telegram @luna", an address inside a link). */
function merge(spans: Span[]): Span[] {
  const merged: [number, number][] = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * The text as the other side may see it: each e-mail address, phone number, link or social handle
 * (also spelled out: "at", "dot", digits in words) replaced by CONTACT_DETAILS_REMOVED, the rest
 * untouched. `masked` tells the sender why their words changed.
 */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  const spans = merge(contactDetailSpans(text));
  if (spans.length === 0) return { text, masked: false };
  let result = '';
  let from = 0;
  for (const [start, end] of spans) {
    result += text.slice(from, start) + CONTACT_DETAILS_REMOVED;
    from = end;
  }
  return { text: result + text.slice(from), masked: true };
}
