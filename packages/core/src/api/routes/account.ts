import { z } from 'zod';
import {
  AccountSession,
  AvatarBody,
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  GeneralSettings,
  ProfileBody,
} from '../../account/settings.js';
import { DoneAnswer } from '../authSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['account'] as const;

/**
 * The signed-in person's own account (issue 15: /settings/account) and the seller's general
 * settings (/settings/general). Password, profile and sessions are always the person's own, even
 * while switched to another seller; general settings belong to the seller and are refused to team
 * members (spec §6 hides General Settings from them).
 */
export const account = {
  changePassword: route({
    method: 'POST',
    path: '/seller/account/password',
    summary: 'Change the password (current one required); every other session ends',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: ChangePasswordBody,
    response: DoneAnswer,
    rateLimit: 'auth',
    errors: [403, 422],
  }),
  changeEmail: route({
    method: 'POST',
    path: '/seller/account/email',
    summary: 'Ask to change the email: a link goes to the new address (current password required)',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: ChangeEmailBody,
    response: DoneAnswer,
    rateLimit: 'auth',
    errors: [403, 422],
  }),
  confirmEmailChange: route({
    method: 'POST',
    path: '/auth/confirm-email-change',
    summary: 'Open the link sent to the new address: the email changes and counts as verified',
    tags,
    auth: 'none',
    body: ConfirmEmailChangeBody,
    response: DoneAnswer,
    rateLimit: 'auth',
    errors: [422],
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/seller/account/profile',
    summary: 'Change name, phone and Facebook of the own account',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: ProfileBody,
    response: DoneAnswer,
    errors: [403],
  }),
  updateAvatar: route({
    method: 'PUT',
    path: '/seller/account/avatar',
    summary: 'Set the own account’s picture to an own upload, or remove it (null)',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: AvatarBody,
    response: DoneAnswer,
    errors: [403, 422],
  }),
  sessions: route({
    method: 'GET',
    path: '/seller/account/sessions',
    summary: 'The live sessions of the own account, newest first',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: z.array(AccountSession),
  }),
  signOutEverywhere: route({
    method: 'POST',
    path: '/seller/account/sessions/sign-out-everywhere',
    summary: 'End every session of the own account except this one',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: DoneAnswer,
  }),
  generalSettings: route({
    method: 'GET',
    path: '/seller/settings/general',
    summary: "The seller's time zone (utc_offset, hours) and currency",
    tags,
    permission: ANY_MEMBER,
    response: GeneralSettings,
  }),
  updateGeneralSettings: route({
    method: 'PUT',
    path: '/seller/settings/general',
    summary: 'Change time zone and currency; every date of the dashboard follows utc_offset',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: GeneralSettings,
    response: GeneralSettings,
    errors: [403],
  }),
} as const;
