import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../api/authSchemas.js';
import { UTC_OFFSET_MAX, UTC_OFFSET_MIN } from '../dates/constants.js';

/** Currencies a seller may show amounts in. */
export const SELLER_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'AUD',
  'CAD',
  'NZD',
  'MXN',
  'SGD',
  'HKD',
  'JPY',
  'VND',
] as const;

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  passwordChanged: 'Your password has been changed; your other sessions have ended.',
  profileSaved: 'Your profile has been saved.',
  settingsSaved: 'Settings saved.',
  signedOutEverywhere: 'Every other session has ended.',
  ownAccountOnly: 'Only the account owner can change this.',
  emailTaken: 'The email has already been taken.',
  sameEmail: 'This is already your email.',
  emailChangeSent: 'A confirmation link has been sent to the new address.',
  emailChangeInvalid: 'The confirmation link is invalid or has expired.',
  emailChanged: 'Your email has been changed.',
  avatarSaved: 'Your picture has been saved.',
  avatarRemoved: 'Your picture has been removed.',
  avatarNotOwn: 'Choose a picture you uploaded (PNG, JPEG, WebP or GIF).',
} as const;

/** `GET/PUT /seller/settings/general` (spec §2 /settings/general: time zone and currency). */
/** Offsets are hours from UTC within the dates rule's range, whole or quarter hours. */
export const GeneralSettings = z.object({
  utc_offset: z
    .number()
    .min(UTC_OFFSET_MIN)
    .max(UTC_OFFSET_MAX)
    .multipleOf(0.25, 'Time zones are whole or quarter hours'),
  currency: z.enum(SELLER_CURRENCIES),
});
export type GeneralSettings = z.infer<typeof GeneralSettings>;

/** `POST /seller/account/password`: other sessions end once it is changed. */
export const ChangePasswordBody = z.object({
  current_password: z.string().min(1, 'Enter your current password').max(256),
  new_password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** `PUT /seller/account/profile`. */
export const ProfileBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+\d][\d\s().-]*$|^$/, 'Please enter a valid phone number')
    .nullable()
    .optional(),
  facebook: z.string().trim().max(200).nullable().optional(),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

/** The picture formats an avatar may be (by its file name, as uploads are stored). */
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;
/** The largest avatar file the account page uploads. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * `PUT /seller/account/avatar`: the address of a picture the person uploaded (`/files/s{id}/…`),
 * or null to remove it.
 */
export const AvatarBody = z.object({
  avatar: z.string().trim().min(1, 'Choose a picture').max(1024).nullable(),
});
export type AvatarBody = z.infer<typeof AvatarBody>;

/** One signed-in session of the account (the sessions list of the account page). */
export const AccountSession = z.object({
  id: z.number().int().positive(),
  created_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
  acting_for: z.string().nullable(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** How long the link confirming a new email stays valid (24 hours). */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

/** `POST /seller/account/email`: the new address gets a link; the email changes once it is opened. */
export const ChangeEmailBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email')),
  password: z.string().min(1, 'Enter your current password').max(256),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** `POST /auth/confirm-email-change`: the token of the link. */
export const ConfirmEmailChangeBody = z.object({ token: z.string().min(1, 'The link is invalid') });
export type ConfirmEmailChangeBody = z.infer<typeof ConfirmEmailChangeBody>;
