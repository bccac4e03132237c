/**
 * The personalisation library (issue 16; `/seller/personalized/...`): fonts and clipart groups.
 * Files arrive as multipart parts, are checked here (a font is parsed with fontkit, an image
 * measured), then stored like any upload (blob/storeUpload.ts) under the seller's folder.
 */
import {
  API,
  ARTWORK_MESSAGES,
  type Artwork,
  type ArtworkField,
  CLIPART_EXTENSIONS,
  CLIPART_FILES_PER_UPLOAD,
  CLIPART_GROUP_LIMIT,
  CLIPART_GROUPS_LIMIT,
  type Clipart,
  type ClipartGroup,
  type ClipartUploadAnswer,
  checkArtworkFields,
  type DesignLayer,
  designLayers,
  FONT_LIMIT,
  FONT_MAX_BYTES,
  fontFormatOfName,
  LIBRARY_MESSAGES,
  readDesignJson,
  type SellerFont,
} from '@printloom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { create as openFont } from 'fontkit';
import { imageSize } from 'image-size';
import { imageTypeOfBytes } from '../blob/fileTypes.js';
import { fileUrlOf } from '../blob/fileUrl.js';
import { storeNewUpload } from '../blob/storeUpload.js';
import { conflict, httpError, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  type ArtworkRow,
  type ClipartGroupRow,
  type ClipartRow,
  campaignDesignTexts,
  clipartGroupNameTaken,
  countClipartGroups,
  countFonts,
  deleteArtwork,
  deleteClipart,
  deleteClipartGroup,
  deleteFont,
  type FontRow,
  getArtwork,
  getClipartGroup,
  insertArtwork,
  insertClipart,
  insertClipartGroup,
  insertFont,
  listArtworks,
  listClipartGroups,
  listCliparts,
  listFonts,
  lockClipartGroup,
  ownLibraryIds,
  personalizedCounts,
  renameClipartGroup,
  syncCampaignPersonalized,
  updateArtworkFields,
} from '../sql/personalized.js';

const fontView = (row: FontRow): SellerFont => ({
  id: row.id,
  family: row.family,
  full_name: row.full_name,
  file_name: row.file_name,
  format: row.format,
  file_url: row.file_url,
  size: row.size,
  created_at: row.created_at.toISOString(),
});

const groupView = (row: ClipartGroupRow): ClipartGroup => ({
  id: row.id,
  name: row.name,
  clipart_count: row.clipart_count,
  cover_url: row.cover_url,
  created_at: row.created_at.toISOString(),
});

const clipartView = (row: ClipartRow): Clipart => ({
  id: row.id,
  group_id: row.group_id,
  name: row.name,
  file_url: row.file_url,
  width: row.width,
  height: row.height,
  created_at: row.created_at.toISOString(),
});

const artworkView = (row: ArtworkRow): Artwork => ({
  id: row.id,
  campaign_id: row.campaign_id,
  campaign_name: row.campaign_name,
  print_space: row.print_space,
  fields: row.fields,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** What a font file says about itself; throws 422 when the bytes are not a single font. */
export function readFontFile(bytes: Buffer): { family: string; fullName: string } {
  try {
    const font = openFont(bytes);
    if (!('familyName' in font)) throw new Error('a font collection');
    // fontkit reads tables lazily: touch the ones drawing needs so a broken file fails here.
    const family = font.familyName?.trim();
    if (!family || font.numGlyphs < 1 || !(font.unitsPerEm > 0)) throw new Error('no glyphs');
    font.glyphForCodePoint(0x41);
    return { family, fullName: font.fullName?.trim() || family };
  } catch {
    throw unprocessable(LIBRARY_MESSAGES.notAFont, { file: [LIBRARY_MESSAGES.notAFont] });
  }
}

/** A multipart parts limit that was reached, as fastify-multipart names it. */
const limitCode = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

function requireMultipart(request: FastifyRequest, message: string): void {
  if (!request.isMultipart()) throw unprocessable(message, { file: [message] });
}

const clipartExtension = (name: string) => {
  const dot = name.lastIndexOf('.');
  return (
    dot >= 0 && (CLIPART_EXTENSIONS as readonly string[]).includes(name.slice(dot).toLowerCase())
  );
};

/** The file name without folders or the extension: a clipart's name. */
const baseName = (name: string) => {
  const file = name.split(/[\\/]/).pop() ?? name;
  const dot = file.lastIndexOf('.');
  return (dot > 0 ? file.slice(0, dot) : file).slice(0, 120);
};

export async function registerPersonalizedLibraryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const storeEnv = { db, settings: app.config, blobDir: app.blobDir, log: app.log };

  /** A clipart group of the seller, or 404. */
  async function ownGroup(sellerId: number, id: number): Promise<ClipartGroupRow> {
    const group = await getClipartGroup(db, sellerId, id);
    if (!group) throw notFound();
    return group;
  }

  /** The layers of a campaign's saved designs (404 when it is not the seller's campaign). */
  async function layersOf(sellerId: number, campaignId: number): Promise<DesignLayer[]> {
    const designs = await campaignDesignTexts(db, sellerId, campaignId);
    if (!designs) throw notFound('Campaign not found');
    return designs.flatMap((d) => {
      const design = readDesignJson(d.design_json);
      return design ? designLayers(d.print_space, design) : [];
    });
  }

  /** Refuses fields that name a missing layer, another seller's font or group (422 by field). */
  async function checkFields(
    sellerId: number,
    layers: readonly DesignLayer[],
    fields: readonly ArtworkField[],
  ): Promise<void> {
    const own = await ownLibraryIds(
      db,
      sellerId,
      fields.flatMap((f) => (f.kind === 'text' ? f.font_ids : [])),
      fields.flatMap((f) => (f.kind === 'clipart' ? [f.group_id] : [])),
    );
    const errors = checkArtworkFields(fields, layers, own);
    const first = Object.values(errors)[0]?.[0];
    if (first) throw unprocessable(first, errors);
  }

  async function ownArtwork(sellerId: number, id: number): Promise<ArtworkRow> {
    const artwork = await getArtwork(db, sellerId, id);
    if (!artwork) throw notFound();
    return artwork;
  }

  registerGroup(app, API.personalizedLibrary, {
    artworks: async ({ auth }) => ({
      data: (await listArtworks(db, auth.sellerId)).map(artworkView),
    }),
    designLayers: async ({ auth, params }) => ({ data: await layersOf(auth.sellerId, params.id) }),
    createArtwork: async ({ auth, body }) => {
      const layers = (await layersOf(auth.sellerId, body.campaign_id)).filter(
        (l) => l.print_space === body.print_space,
      );
      if (layers.length === 0) {
        throw unprocessable(ARTWORK_MESSAGES.noDesign, {
          print_space: [ARTWORK_MESSAGES.noDesign],
        });
      }
      await checkFields(auth.sellerId, layers, body.fields);
      const id = await db.transaction(async (tx) => {
        const made = await insertArtwork(tx, auth.sellerId, body);
        if (made === null) throw conflict(ARTWORK_MESSAGES.taken);
        await syncCampaignPersonalized(tx, auth.sellerId, body.campaign_id);
        return made;
      });
      return { data: artworkView(await ownArtwork(auth.sellerId, id)) };
    },
    updateArtwork: async ({ auth, params, body }) => {
      const artwork = await ownArtwork(auth.sellerId, params.id);
      const layers = (await layersOf(auth.sellerId, artwork.campaign_id)).filter(
        (l) => l.print_space === artwork.print_space,
      );
      await checkFields(auth.sellerId, layers, body.fields);
      await updateArtworkFields(db, auth.sellerId, params.id, body.fields);
      return { data: artworkView(await ownArtwork(auth.sellerId, params.id)) };
    },
    removeArtwork: async ({ auth, params }) => {
      await db.transaction(async (tx) => {
        const campaignId = await deleteArtwork(tx, auth.sellerId, params.id);
        if (campaignId === null) throw notFound();
        await syncCampaignPersonalized(tx, auth.sellerId, campaignId);
      });
      return { data: null };
    },
    summary: async ({ auth }) => ({ data: await personalizedCounts(db, auth.sellerId) }),
    fonts: async ({ auth }) => ({ data: (await listFonts(db, auth.sellerId)).map(fontView) }),
    uploadFont: async ({ auth, request }) => {
      requireMultipart(request, LIBRARY_MESSAGES.fontRequired);
      let file: { name: string; bytes: Buffer } | null = null;
      const limit = Math.min(FONT_MAX_BYTES, app.config.uploadMaxBytes);
      for await (const part of request.parts({ limits: { fileSize: limit, files: 1 } })) {
        if (part.type !== 'file' || part.fieldname !== 'file') continue;
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw httpError(413, LIBRARY_MESSAGES.fontTooLarge);
        file = { name: part.filename, bytes };
      }
      if (!file?.name || file.bytes.length === 0) {
        throw unprocessable(LIBRARY_MESSAGES.fontRequired, {
          file: [LIBRARY_MESSAGES.fontRequired],
        });
      }
      const format = fontFormatOfName(file.name);
      if (!format)
        throw unprocessable(LIBRARY_MESSAGES.fontType, { file: [LIBRARY_MESSAGES.fontType] });
      const { family, fullName } = readFontFile(file.bytes);
      if ((await countFonts(db, auth.sellerId)) >= FONT_LIMIT) {
        throw unprocessable(LIBRARY_MESSAGES.fontLimit);
      }
      const key = await storeNewUpload(
        { ...storeEnv, log: request.log },
        { owner: auth.sellerId, folder: 'fonts', fileName: file.name, bytes: file.bytes },
      );
      const row = await insertFont(db, auth.sellerId, {
        family,
        full_name: fullName,
        file_name: file.name.split(/[\\/]/).pop() ?? file.name,
        format,
        file_path: key,
        file_url: fileUrlOf(app.config.s3, key),
        size: file.bytes.length,
      });
      return { data: fontView(row), message: `${fullName} was added.` };
    },
    removeFont: async ({ auth, params }) => {
      if (!(await deleteFont(db, auth.sellerId, params.id))) throw notFound();
      return { data: null };
    },
    clipartGroups: async ({ auth }) => ({
      data: (await listClipartGroups(db, auth.sellerId)).map(groupView),
    }),
    createClipartGroup: async ({ auth, body }) => {
      if ((await countClipartGroups(db, auth.sellerId)) >= CLIPART_GROUPS_LIMIT) {
        throw unprocessable(LIBRARY_MESSAGES.groupLimit);
      }
      const id = await insertClipartGroup(db, auth.sellerId, body.name);
      if (id === null) throw conflict(LIBRARY_MESSAGES.groupNameTaken);
      return { data: groupView(await ownGroup(auth.sellerId, id)) };
    },
    renameClipartGroup: async ({ auth, params, body }) => {
      await ownGroup(auth.sellerId, params.id);
      if (await clipartGroupNameTaken(db, auth.sellerId, body.name, params.id)) {
        throw conflict(LIBRARY_MESSAGES.groupNameTaken);
      }
      await renameClipartGroup(db, auth.sellerId, params.id, body.name);
      return { data: groupView(await ownGroup(auth.sellerId, params.id)) };
    },
    removeClipartGroup: async ({ auth, params }) => {
      if (!(await deleteClipartGroup(db, auth.sellerId, params.id))) throw notFound();
      return { data: null };
    },
    cliparts: async ({ auth, params }) => {
      await ownGroup(auth.sellerId, params.id);
      return { data: (await listCliparts(db, auth.sellerId, params.id)).map(clipartView) };
    },
    uploadCliparts: async ({ auth, params, request }) => {
      const group = await ownGroup(auth.sellerId, params.id);
      requireMultipart(request, LIBRARY_MESSAGES.clipartRequired);
      const files: { name: string; bytes: Buffer }[] = [];
      const refused: ClipartUploadAnswer['refused'] = [];
      try {
        const parts = request.parts({
          limits: { fileSize: app.config.uploadMaxBytes, files: CLIPART_FILES_PER_UPLOAD },
        });
        for await (const part of parts) {
          if (part.type !== 'file' || part.fieldname !== 'file') continue;
          const bytes = await part.toBuffer();
          const name = part.filename || 'image';
          if (part.file.truncated)
            refused.push({ file_name: name, message: 'The file is too large.' });
          else files.push({ name, bytes });
        }
      } catch (error) {
        if (limitCode(error) === 'FST_FILES_LIMIT') {
          throw unprocessable(LIBRARY_MESSAGES.clipartTooMany, {
            file: [LIBRARY_MESSAGES.clipartTooMany],
          });
        }
        throw error;
      }
      if (files.length === 0 && refused.length === 0) {
        throw unprocessable(LIBRARY_MESSAGES.clipartRequired, {
          file: [LIBRARY_MESSAGES.clipartRequired],
        });
      }
      // Check every file before storing any, so a refusal costs no storage.
      const images: { name: string; bytes: Buffer; width: number; height: number }[] = [];
      for (const file of files) {
        if (!clipartExtension(file.name)) {
          refused.push({ file_name: file.name, message: LIBRARY_MESSAGES.clipartType });
          continue;
        }
        let size: { width?: number; height?: number } | null = null;
        try {
          if (imageTypeOfBytes(file.bytes)) size = imageSize(file.bytes);
        } catch {
          size = null;
        }
        if (!size?.width || !size.height) {
          refused.push({ file_name: file.name, message: LIBRARY_MESSAGES.notAnImage });
          continue;
        }
        images.push({ ...file, width: size.width, height: size.height });
      }
      // Store the files first (the store records each upload on its own), then add the rows
      // under the group's lock, so two uploads at once cannot pass the group's limit.
      const stored: { name: string; key: string; width: number; height: number }[] = [];
      const room = CLIPART_GROUP_LIMIT - group.clipart_count;
      for (const [i, image] of images.entries()) {
        if (i >= room) {
          refused.push({ file_name: image.name, message: LIBRARY_MESSAGES.groupFull });
          continue;
        }
        try {
          const key = await storeNewUpload(
            { ...storeEnv, log: request.log },
            { owner: auth.sellerId, folder: 'cliparts', fileName: image.name, bytes: image.bytes },
          );
          stored.push({ name: image.name, key, width: image.width, height: image.height });
        } catch (error) {
          const message = error instanceof Error ? error.message : LIBRARY_MESSAGES.notAnImage;
          refused.push({ file_name: image.name, message });
        }
      }
      const added = await db.transaction(async (tx) => {
        const held = await lockClipartGroup(tx, auth.sellerId, params.id);
        if (held === null) throw notFound();
        const rows: ClipartRow[] = [];
        for (const [i, image] of stored.entries()) {
          if (held + i >= CLIPART_GROUP_LIMIT) {
            refused.push({ file_name: image.name, message: LIBRARY_MESSAGES.groupFull });
            continue;
          }
          rows.push(
            await insertClipart(tx, auth.sellerId, {
              group_id: params.id,
              name: baseName(image.name),
              file_path: image.key,
              file_url: fileUrlOf(app.config.s3, image.key),
              width: image.width,
              height: image.height,
            }),
          );
        }
        return rows;
      });
      return {
        data: { added: added.map(clipartView), refused },
        message: `${added.length} image${added.length === 1 ? '' : 's'} added.`,
      };
    },
    removeClipart: async ({ auth, params }) => {
      if (!(await deleteClipart(db, auth.sellerId, params.id))) throw notFound();
      return { data: null };
    },
  });
}
