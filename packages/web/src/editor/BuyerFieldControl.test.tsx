// @vitest-environment happy-dom
import { createPrintSpace, createStore, type DesignObject, User } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../api/hooks/useAuth.js';
import { queryClient } from '../api/queryClient.js';
import { jsonAnswer } from '../test/pageHarness.js';
import { createEditorStore } from './createEditorStore.js';
import { DesignEditor } from './DesignEditor.js';

const SELLER = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};
const STAMP = '2026-11-20T10:00:00.000Z';

type Field = Record<string, unknown> & { layer_id: string; group_id?: number };
type Sent = { method: string; path: string; body: unknown };

/**
 * The personalisation routes answered from memory for campaign 5, whose saved front design
 * holds the text layer `name` and the image layer `pet`. Clipart group 12 was deleted in
 * another tab: the server refuses it as the real one does.
 */
function server(existing: Field[] = []) {
  const artworks: Record<string, unknown>[] = existing.length
    ? [
        {
          id: 11,
          campaign_id: 5,
          campaign_name: 'Name mug',
          print_space: 'front',
          fields: existing,
          created_at: STAMP,
          updated_at: STAMP,
        },
      ]
    : [];
  const sent: Sent[] = [];
  const ok = (data: unknown) => jsonAnswer(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === '/seller/personalized/campaigns/5/layers') {
      return ok([
        { print_space: 'front', layer_id: 'pet', type: 'image', content: '/files/pet.png' },
        { print_space: 'front', layer_id: 'name', type: 'text', content: 'ALEX' },
      ]);
    }
    if (path === '/seller/personalized/fonts') {
      return ok([
        {
          id: 3,
          family: 'Lobster',
          full_name: 'Lobster Regular',
          file_name: 'Lobster.ttf',
          format: 'ttf',
          file_url: '/files/s7/fonts/Lobster.ttf',
          size: 4096,
          created_at: STAMP,
        },
      ]);
    }
    if (path === '/seller/personalized/clipart-groups') {
      return ok([
        { id: 9, name: 'Dogs', clipart_count: 4, cover_url: null, created_at: STAMP },
        { id: 12, name: 'Cats', clipart_count: 2, cover_url: null, created_at: STAMP },
      ]);
    }
    if (path === '/seller/personalized/artworks' && method === 'GET') return ok(artworks);
    const fields = (body as { fields?: Field[] } | undefined)?.fields ?? [];
    const foreign = fields.findIndex((f) => f.group_id === 12);
    if (foreign >= 0) {
      const message = 'This clipart group is not one of yours.';
      return jsonAnswer(422, {
        success: false,
        message,
        errors: { [`fields.${foreign}.group_id`]: [message] },
      });
    }
    if (path === '/seller/personalized/artworks' && method === 'POST') {
      const artwork = { id: 11, campaign_name: 'Name mug', created_at: STAMP, updated_at: STAMP };
      artworks.push({ ...artwork, ...(body as object) });
      return ok(artworks[0]);
    }
    if (path === '/seller/personalized/artworks/11' && method === 'PUT') {
      artworks[0] = { ...artworks[0], fields };
      return ok(artworks[0]);
    }
    if (path === '/seller/personalized/artworks/11' && method === 'DELETE') {
      artworks.splice(0, 1);
      return ok({ done: true });
    }
    return jsonAnswer(404, { success: false, message: 'Not found.' });
  };
  return { fetch, sent };
}

let fake: ReturnType<typeof server>;
beforeEach(() => {
  fake = server();
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The editor of campaign 5's front print space, holding the text "ALEX" over the image pet. */
function openEditor(tags: string[] = ['personalized']) {
  queryClient.setQueryData(meQuery.queryKey, User.parse({ ...SELLER, tags }));
  const store = createEditorStore({ measure: (text, size) => [...text].length * size * 0.5 });
  const front = createPrintSpace(101, { name: 'front', width: 4200, height: 4800 });
  store.dispatch({ type: 'sync', spaces: [{ space: front, printType: 0 }] });
  store.dispatch({
    type: 'addImage',
    id: 'pet',
    src: '/files/pet.png',
    width: 1200,
    height: 1200,
    name: 'pet.png',
  });
  store.dispatch({ type: 'addText', id: 'name' });
  store.dispatch({ type: 'editText', id: 'name', patch: { text: 'ALEX' } });
  store.dispatch({ type: 'select', id: null });
  render(
    <QueryClientProvider client={queryClient}>
      <DesignEditor
        store={store}
        live={createStore<DesignObject | null>(null)}
        spaces={[{ id: front.id, label: 'Front' }]}
        uploadImage={async () => '/files/upload.png'}
        onUploadFailed={() => {}}
        campaignId={5}
      />
    </QueryClientProvider>,
  );
  return store;
}

const layers = () => screen.getByRole('list', { name: 'Layers, top first' });
const LOAD = { timeout: 10_000 };

describe('buyer fields in the design editor (issue 16)', () => {
  it('marks a text layer as buyer-editable: checks it, saves a new artwork, badges the layer', async () => {
    const user = userEvent.setup();
    openEditor();
    await user.click(within(layers()).getByRole('button', { name: 'Text “ALEX”' }));
    const on = await screen.findByRole('switch', { name: 'Buyer can edit this text' }, LOAD);
    await user.click(on);

    const form = screen.getByRole('form', { name: 'Buyer text settings' });
    const label = within(form).getByLabelText('Label shown to the buyer');
    await user.clear(label);
    await user.type(label, 'Your name');
    const most = within(form).getByLabelText('Most characters');
    await user.clear(most);
    await user.type(most, '10');
    const colours = within(form).getByLabelText('Colours the buyer may choose');
    await user.type(colours, '#112233, #fff');
    await user.click(await within(form).findByLabelText('Lobster Regular'));
    await user.click(within(form).getByRole('button', { name: 'Save buyer field' }));

    // A colour the server would refuse is shown at the colours, and nothing is sent.
    await waitFor(() => expect(colours.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${colours.id}-error`)?.textContent).toBe(
      'A colour is written #rrggbb.',
    );
    expect(fake.sent).toEqual([]);

    await user.type(colours, 'fff');
    await user.click(within(form).getByRole('button', { name: 'Save buyer field' }));
    const badge = await screen.findByRole('note', { name: 'Buyer edits: Your name' });
    expect(badge.textContent).toBe('Buyer edits: Your name');
    expect(
      within(layers())
        .getByRole('button', { name: 'Text “ALEX”' })
        .getAttribute('aria-describedby'),
    ).toBe(badge.id);
    expect(fake.sent).toEqual([
      {
        method: 'POST',
        path: '/seller/personalized/artworks',
        body: {
          campaign_id: 5,
          print_space: 'front',
          fields: [
            {
              kind: 'text',
              layer_id: 'name',
              label: 'Your name',
              max_length: 10,
              font_ids: [3],
              colors: ['#112233', '#ffffff'],
            },
          ],
        },
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Buyer text settings' })).toBeNull();
    const on2 = screen.getByRole('switch', { name: 'Buyer can edit this text' });
    expect(on2).toHaveProperty('checked', true);
    // The form closes and the keyboard user is back on the switch, told what happened.
    expect(document.activeElement).toBe(on2);
    expect(screen.getByRole('status').textContent).toBe('The buyer can edit this text.');
    expect(screen.getByText('“Your name”, up to 10 characters')).toBeTruthy();

    // A text added since the last save is not in the saved design the buyer fills in.
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    expect(screen.getByTestId('buyer-field-unsaved').textContent).toBe(
      'Save the campaign to let the buyer edit this text.',
    );
    expect(screen.queryByRole('switch', { name: 'Buyer can edit this text' })).toBeNull();
  });

  it('makes an image layer a clipart choice of a group, showing the server’s refusal at the group', async () => {
    const text = {
      kind: 'text',
      layer_id: 'name',
      label: 'Your name',
      max_length: 10,
      font_ids: [],
      colors: [],
    };
    fake = server([text]);
    vi.stubGlobal('fetch', fake.fetch);
    const user = userEvent.setup();
    openEditor();
    expect(
      (await screen.findByRole('note', { name: 'Buyer edits: Your name' }, LOAD)).textContent,
    ).toBe('Buyer edits: Your name');

    await user.click(within(layers()).getByRole('button', { name: 'Image pet.png' }));
    await user.click(await screen.findByRole('switch', { name: 'Buyer picks a clipart' }));
    const form = screen.getByRole('form', { name: 'Clipart choice settings' });
    const group = within(form).getByLabelText('Clipart group');
    await user.selectOptions(group, 'Cats (2)');
    await user.click(within(form).getByRole('button', { name: 'Save buyer field' }));

    await waitFor(() => expect(group.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${group.id}-error`)?.textContent).toBe(
      'This clipart group is not one of yours.',
    );
    expect(screen.queryByRole('note', { name: /Clipart choice/ })).toBeNull();

    await user.selectOptions(group, 'Dogs (4)');
    await user.click(within(form).getByRole('button', { name: 'Save buyer field' }));
    expect(
      (await screen.findByRole('note', { name: 'Clipart choice: Your picture' })).textContent,
    ).toBe('Clipart choice: Your picture');
    const clipart = { kind: 'clipart', layer_id: 'pet', label: 'Your picture', group_id: 9 };
    // The fields follow the design's layer order; the text field is kept.
    expect(fake.sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/seller/personalized/artworks/11',
      body: { fields: [clipart, text] },
    });

    // Turning the text back into a designed text removes its field only.
    await user.click(within(layers()).getByRole('button', { name: 'Text “ALEX”' }));
    await user.click(screen.getByRole('switch', { name: 'Buyer can edit this text' }));
    await waitFor(() =>
      expect(screen.queryByRole('note', { name: 'Buyer edits: Your name' })).toBeNull(),
    );
    expect(fake.sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/seller/personalized/artworks/11',
      body: { fields: [clipart] },
    });
  });

  it('shows nothing new to a seller without personalised products, and asks nothing', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new URL(String(input), 'http://dashboard.test').pathname);
      return fake.fetch(input, init);
    });
    const user = userEvent.setup();
    openEditor([]);
    await user.click(within(layers()).getByRole('button', { name: 'Text “ALEX”' }));
    expect(screen.getByTestId('text-controls')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Buyer can edit this text' })).toBeNull();
    expect(screen.queryByTestId('buyer-field')).toBeNull();
    expect(requests.filter((path) => path.startsWith('/seller/personalized'))).toEqual([]);
  });
});
