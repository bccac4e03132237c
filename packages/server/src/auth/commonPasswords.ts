/**
 * Passwords refused on register and reset: the most common leaked passwords of at least 8
 * characters (shorter ones fail the length rule anyway). Compared case-insensitively.
 */
const COMMON_PASSWORDS = [
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  '11111111',
  '00000000',
  '12341234',
  '87654321',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'abc12345',
  'abcd1234',
  'letmein1',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'passw0rd',
  'p@ssw0rd',
  'admin123',
  'administrator',
  'changeme',
  'dragon12',
  'monkey123',
  'master12',
  'shadow12',
  'computer',
  'internet',
  'michael1',
  'jennifer',
  'q1w2e3r4',
  '1q2w3e4r',
  '1qaz2wsx',
  'zaq12wsx',
  'asdfghjk',
  'zxcvbnm1',
  'aaaaaaaa',
  '123123123',
  '123qweasd',
  'printloom',
  'printloom-demo',
];
const SET = new Set(COMMON_PASSWORDS);

export const COMMON_PASSWORD_MESSAGE = 'This password is too common, please choose another one';

export function isCommonPassword(password: string): boolean {
  return SET.has(password.toLowerCase());
}
