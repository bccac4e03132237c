import { z } from 'zod';
import {
  Artwork,
  ArtworkBody,
  ArtworkUpdateBody,
  DesignLayer,
} from '../../personalized/artwork.js';
import {
  Clipart,
  ClipartGroup,
  ClipartGroupBody,
  ClipartUploadAnswer,
  ClipartUploadForm,
  FontUploadForm,
  PersonalizedSummary,
  SellerFont,
} from '../../personalized/library.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { PERSONALIZED_OFF_MESSAGE } from '../constants.js';
import { route } from './RouteContract.js';

const tags = ['personalized'] as const;
/** Spec §6: the personalized menu needs tag pb or personalized, plus update_campaign. */
const gate = {
  permission: 'update_campaign',
  tag: ['pb', 'personalized'],
  tagMessage: PERSONALIZED_OFF_MESSAGE,
} as const;

/**
 * The personalisation library (issue 16; spec §2 /personalized, /personalized/fonts,
 * /personalized/cliparts): the seller's fonts and clipart groups. Another seller's font, group
 * or clipart is 404.
 */
export const personalizedLibrary = {
  summary: route({
    method: 'GET',
    path: '/seller/personalized/summary',
    summary: 'How many fonts, clipart groups and cliparts the seller has',
    tags,
    ...gate,
    response: PersonalizedSummary,
  }),
  fonts: route({
    method: 'GET',
    path: '/seller/personalized/fonts',
    summary: "The seller's fonts, newest first",
    tags,
    ...gate,
    response: z.array(SellerFont),
  }),
  uploadFont: route({
    method: 'POST',
    path: '/seller/personalized/fonts',
    summary: 'Upload a font (multipart `file`: TTF, OTF, WOFF or WOFF2)',
    description:
      'The file is parsed; a file that is not a font is refused (422). The family and full name come from the font itself.',
    tags,
    ...gate,
    bodyKind: 'multipart',
    body: FontUploadForm,
    response: SellerFont,
    errors: [413, 422],
  }),
  removeFont: route({
    method: 'DELETE',
    path: '/seller/personalized/fonts/:id',
    summary: 'Remove a font from the list (designs that use it keep drawing with it)',
    tags,
    ...gate,
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  clipartGroups: route({
    method: 'GET',
    path: '/seller/personalized/clipart-groups',
    summary: "The seller's clipart groups by name, with their image counts",
    tags,
    ...gate,
    response: z.array(ClipartGroup),
  }),
  createClipartGroup: route({
    method: 'POST',
    path: '/seller/personalized/clipart-groups',
    summary: 'Create a clipart group',
    tags,
    ...gate,
    body: ClipartGroupBody,
    response: ClipartGroup,
    errors: [409, 422],
  }),
  renameClipartGroup: route({
    method: 'PUT',
    path: '/seller/personalized/clipart-groups/:id',
    summary: 'Rename a clipart group',
    tags,
    ...gate,
    params: IdParams,
    body: ClipartGroupBody,
    response: ClipartGroup,
    errors: [404, 409],
  }),
  removeClipartGroup: route({
    method: 'DELETE',
    path: '/seller/personalized/clipart-groups/:id',
    summary: 'Delete a clipart group and its images',
    tags,
    ...gate,
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  cliparts: route({
    method: 'GET',
    path: '/seller/personalized/clipart-groups/:id/cliparts',
    summary: 'The images of a clipart group, in upload order',
    tags,
    ...gate,
    params: IdParams,
    response: z.array(Clipart),
    errors: [404],
  }),
  uploadCliparts: route({
    method: 'POST',
    path: '/seller/personalized/clipart-groups/:id/cliparts',
    summary: 'Add images to a clipart group (multipart: one or more `file` parts)',
    description:
      'Each file is checked on its own: images are added, and every other file is reported with its reason.',
    tags,
    ...gate,
    params: IdParams,
    bodyKind: 'multipart',
    body: ClipartUploadForm,
    response: ClipartUploadAnswer,
    errors: [404, 413, 422],
  }),
  removeClipart: route({
    method: 'DELETE',
    path: '/seller/personalized/cliparts/:id',
    summary: 'Delete one clipart image',
    tags,
    ...gate,
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  artworks: route({
    method: 'GET',
    path: '/seller/personalized/artworks',
    summary: "The seller's personalisable designs, newest first",
    tags,
    ...gate,
    response: z.array(Artwork),
  }),
  designLayers: route({
    method: 'GET',
    path: '/seller/personalized/campaigns/:id/layers',
    summary: "The layers of a campaign's saved designs, by print space",
    tags,
    ...gate,
    params: IdParams,
    response: z.array(DesignLayer),
    errors: [404],
  }),
  createArtwork: route({
    method: 'POST',
    path: '/seller/personalized/artworks',
    summary: "Make a print space of a campaign's design personalisable",
    description:
      'The campaign and its products (handmade ones aside) become personalized, so the spec §5 matching rule holds when it launches.',
    tags,
    ...gate,
    body: ArtworkBody,
    response: Artwork,
    errors: [404, 409, 422],
  }),
  updateArtwork: route({
    method: 'PUT',
    path: '/seller/personalized/artworks/:id',
    summary: "Replace an artwork's buyer fields",
    tags,
    ...gate,
    params: IdParams,
    body: ArtworkUpdateBody,
    response: Artwork,
    errors: [404, 422],
  }),
  removeArtwork: route({
    method: 'DELETE',
    path: '/seller/personalized/artworks/:id',
    summary: 'Stop personalising a design (the campaign is personalized no more when none is left)',
    tags,
    ...gate,
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
} as const;
