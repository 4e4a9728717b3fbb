import { NICKNAME_MAX_LENGTH } from './identity.rules';

/**
 * Nickname rules: a nickname is shown to therapists, stores and customer service, so it must read
 * as what it is. Without zod, so the web app can use it as it is.
 */

/**
 * Characters that draw nothing or reorder what follows: bidi embeddings, overrides and isolates
 * (U+202A–202E, U+2066–2069, marks U+200E/200F/061C), zero-width space, word joiner and its
 * invisible operators (U+200B, U+2060–2064), the BOM, soft hyphen, Mongolian vowel separator, and
 * the "filler" letters that render blank (Hangul fillers, the braille blank). Stripped, not refused:
 * a Khmer or Thai keyboard may insert a zero-width space between words without the user seeing it.
 * Zero-width joiner and non-joiner stay: emoji sequences and some scripts need them.
 */
const INVISIBLE =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u2800\u3164\uFEFF\uFFA0]/gu;
/** Control and private-use code points are never part of a name (unassigned ones may be next year's emoji). */
const FORBIDDEN = /[\p{Cc}\p{Co}]/u;
/** At least one letter, number, symbol or punctuation mark must remain visible. */
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

/**
 * Words that make a name pass for staff. Latin ones are matched as whole words of the name's
 * skeleton (so "Badminton" is not "admin"); the others, written without spaces, anywhere in it.
 */
const STAFF_WORDS = [
  'admin',
  'administrator',
  'support',
  'staff',
  'official',
  'moderator',
  'helpdesk',
  'customerservice',
  'customersupport',
  'sabaiteam',
  'sabaisupport',
  'sabaiofficial',
  'sabaiadmin',
  'sabaistaff',
  'sabaics',
  'hotro',
  'quantri',
  'chamsockhachhang',
];
const STAFF_PHRASES = [
  'customer service',
  'customer support',
  'help desk',
  'ho tro',
  'quan tri',
  'cham soc khach hang',
];
const STAFF_TERMS_UNSPACED = [
  '客服',
  '管理员',
  '管理員',
  '官方',
  '工作人员',
  '工作人員',
  'ฝ่ายบริการลูกค้า',
  'ผู้ดูแลระบบ',
  'แอดมิน',
  'เจ้าหน้าที่',
  'សេវាអតិថិជន',
  'អ្នកគ្រប់គ្រង',
  'បុគ្គលិក',
];

/** Digits and signs people use to write round a word filter. */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

/**
 * What a name looks like once case, width, accents and look-alike digits are set aside:
 * "ＳＡＢＡＩ Ｓｕｐｐｏｒｔ", "Sabai Sụpport" and "S4bai 5upport" all become "sabai support".
 */
function skeleton(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[0-9@$!|]/g, (character) => LOOKALIKES[character] ?? character)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether a name imitates staff ("Sabai Support", "Admin", "客服小美"). */
export function isStaffLikeName(name: string): boolean {
  const words = skeleton(name);
  const tokens = words.split(' ');
  if (tokens.some((token) => STAFF_WORDS.includes(token))) return true;
  if (STAFF_WORDS.includes(words.replaceAll(' ', ''))) return true;
  if (STAFF_PHRASES.some((phrase) => ` ${words} `.includes(` ${phrase} `))) return true;
  const unspaced = name.normalize('NFKC').replace(/\s+/gu, '');
  return STAFF_TERMS_UNSPACED.some((term) => unspaced.includes(term));
}

export type NicknameCheck = { ok: true; nickname: string } | { ok: false; problem: 'invalid' | 'reserved' };

/**
 * The nickname as it will be stored (NFC, invisible characters stripped, runs of spaces made one),
 * or why it is refused. Staff may take staff-like names; everyone else may not.
 */
export function checkNickname(raw: string, options: { isStaff?: boolean } = {}): NicknameCheck {
  const nickname = raw.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  const length = [...nickname].length;
  if (length < 1 || length > NICKNAME_MAX_LENGTH || FORBIDDEN.test(nickname) || !VISIBLE.test(nickname)) {
    return { ok: false, problem: 'invalid' };
  }
  if (!options.isStaff && isStaffLikeName(nickname)) return { ok: false, problem: 'reserved' };
  return { ok: true, nickname };
}
