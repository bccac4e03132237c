import {
  type Artwork,
  type ArtworkBody,
  type ArtworkField,
  type ClipartGroupBody,
  canOpenPage,
  type DesignLayer,
  pageById,
  type SellerFont,
} from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';
import { useMe } from './useAuth.js';

/** Every write of the library changes the counts of the home page too: refresh it all. */
function useInvalidateLibrary() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.personalized.all });
}

export function usePersonalizedSummary() {
  return useQuery({
    queryKey: queryKeys.personalized.summary(),
    queryFn: () => api.personalizedLibrary.summary(),
  });
}

export function useSellerFonts(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.personalized.fonts(),
    queryFn: () => api.personalizedLibrary.fonts(),
    enabled: options.enabled ?? true,
  });
}

const NO_FONTS: readonly SellerFont[] = [];

/**
 * The seller's own fonts for the design editor's font list: asked for only when the user may
 * use the fonts page (spec §6: tag pb or personalized, plus update_campaign), else none.
 */
export function useEditorSellerFonts() {
  const user = useMe();
  const allowed = user !== null && canOpenPage(pageById('fonts'), user);
  return useSellerFonts({ enabled: allowed }).data ?? NO_FONTS;
}

export function useUploadFont() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (file: File) => api.personalizedLibrary.uploadFont(file, file.name),
    onSuccess: invalidate,
  });
}

export function useDeleteFont() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (id: number) => api.personalizedLibrary.removeFont({ params: { id } }),
    onSuccess: invalidate,
  });
}

export function useClipartGroups() {
  return useQuery({
    queryKey: queryKeys.personalized.clipartGroups(),
    queryFn: () => api.personalizedLibrary.clipartGroups(),
  });
}

export function useCliparts(groupId: number | null) {
  return useQuery({
    queryKey: queryKeys.personalized.cliparts(groupId ?? 0),
    queryFn: () => api.personalizedLibrary.cliparts({ params: { id: groupId ?? 0 } }),
    enabled: groupId !== null,
  });
}

export function useCreateClipartGroup() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: ClipartGroupBody) => api.personalizedLibrary.createClipartGroup({ body }),
    onSuccess: invalidate,
  });
}

export function useRenameClipartGroup() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ClipartGroupBody }) =>
      api.personalizedLibrary.renameClipartGroup({ params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteClipartGroup() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (id: number) => api.personalizedLibrary.removeClipartGroup({ params: { id } }),
    onSuccess: invalidate,
  });
}

export function useUploadCliparts() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ groupId, files }: { groupId: number; files: readonly File[] }) =>
      api.personalizedLibrary.uploadCliparts(
        groupId,
        files.map((file) => ({ file, fileName: file.name })),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteClipart() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (id: number) => api.personalizedLibrary.removeClipart({ params: { id } }),
    onSuccess: invalidate,
  });
}

export function useArtworks(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.personalized.artworks(),
    queryFn: () => api.personalizedLibrary.artworks(),
    enabled: options.enabled ?? true,
  });
}

export function useDesignLayers(campaignId: number | null) {
  return useQuery({
    queryKey: queryKeys.personalized.layers(campaignId ?? 0),
    queryFn: () => api.personalizedLibrary.designLayers({ params: { id: campaignId ?? 0 } }),
    enabled: campaignId !== null,
  });
}

/** The buyer fields of one print space of a saved campaign, as the design editor shows them. */
export interface EditorArtwork {
  campaignId: number;
  printSpace: string;
  /** The artwork of the print space, null while it has none. */
  artwork: Artwork | null;
  /** The layers of the print space's saved design: only those can become buyer fields. */
  savedLayers: readonly DesignLayer[];
  /** The artworks and saved layers are in. */
  ready: boolean;
}

/**
 * The artwork of a saved campaign's print space for the design editor: asked for only when the
 * user may use personalised products (spec §6: tag pb or personalized, plus update_campaign);
 * null for anyone else, for an unsaved campaign and without a print space.
 */
export function useEditorArtwork(
  campaignId: number | null,
  printSpace: string | null,
): EditorArtwork | null {
  const user = useMe();
  const allowed = user !== null && canOpenPage(pageById('artworks'), user) && campaignId !== null;
  const artworks = useArtworks({ enabled: allowed });
  const layers = useDesignLayers(allowed ? campaignId : null);
  if (!allowed || campaignId === null || printSpace === null) return null;
  return {
    campaignId,
    printSpace,
    artwork:
      artworks.data?.find((a) => a.campaign_id === campaignId && a.print_space === printSpace) ??
      null,
    savedLayers: (layers.data ?? []).filter((l) => l.print_space === printSpace),
    ready: artworks.isSuccess && layers.isSuccess,
  };
}

/** Creates an artwork, or replaces the fields of the one given by id. */
export function useSaveArtwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ArtworkBody }) =>
      id === null
        ? api.personalizedLibrary.createArtwork({ body })
        : api.personalizedLibrary.updateArtwork({
            params: { id },
            body: { fields: body.fields as ArtworkField[] },
          }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.personalized.all });
      await client.invalidateQueries({ queryKey: queryKeys.campaigns.all });
    },
  });
}

export function useDeleteArtwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.personalizedLibrary.removeArtwork({ params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.personalized.all });
      await client.invalidateQueries({ queryKey: queryKeys.campaigns.all });
    },
  });
}
