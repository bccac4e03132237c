import { describe, expect, it } from 'vitest';
import { PrintSpaceDesign } from '../design/DesignDocument.js';
import type { ArtworkField } from './artwork.js';
import {
  type BuyerValue,
  buyerValuesOf,
  type PersonalizationLibrary,
  personalizationSummary,
  personalizeDesign,
  resolvePersonalization,
} from './buyer.js';

const fields: ArtworkField[] = [
  {
    kind: 'text',
    layer_id: 'name',
    label: 'Your name',
    max_length: 8,
    font_ids: [7],
    colors: ['#112233', '#FFFFFF'],
  },
  { kind: 'clipart', layer_id: 'pet', label: 'Your dog', group_id: 3 },
];
const artworks = [{ print_space: 'front', fields }];
const library: PersonalizationLibrary = {
  fonts: new Map([[7, { full_name: 'Lobster', file_url: '/files/s1/fonts/lobster.ttf' }]]),
  cliparts: new Map([
    [
      40,
      { group_id: 3, name: 'Beagle', file_url: '/files/s1/c/beagle.png', width: 100, height: 50 },
    ],
    [41, { group_id: 9, name: 'Cat', file_url: '/files/s1/c/cat.png', width: 10, height: 10 }],
  ]),
};
const pet: BuyerValue = { print_space: 'front', layer_id: 'pet', clipart_id: 40 };

describe('resolvePersonalization', () => {
  it('resolves the fonts, colours and cliparts the buyer chose', () => {
    const out = resolvePersonalization(
      artworks,
      [
        { print_space: 'front', layer_id: 'name', text: ' Alex ', font_id: 7, color: '#ffffff' },
        pet,
      ],
      library,
    );
    expect(out.errors).toEqual({});
    expect(out.values).toEqual([
      {
        kind: 'text',
        print_space: 'front',
        layer_id: 'name',
        label: 'Your name',
        text: 'Alex',
        font_id: 7,
        font_name: 'Lobster',
        font_url: '/files/s1/fonts/lobster.ttf',
        color: '#ffffff',
      },
      {
        kind: 'clipart',
        print_space: 'front',
        layer_id: 'pet',
        label: 'Your dog',
        clipart_id: 40,
        clipart_name: 'Beagle',
        clipart_url: '/files/s1/c/beagle.png',
        width: 100,
        height: 50,
      },
    ]);
    expect(buyerValuesOf(out.values)).toEqual([
      { print_space: 'front', layer_id: 'name', text: 'Alex', font_id: 7, color: '#ffffff' },
      pet,
    ]);
    expect(personalizationSummary(out.values)).toEqual([
      'Your name: Alex (Lobster, #ffffff)',
      'Your dog: Beagle',
    ]);
  });

  it('names the field and the rule a value breaks', () => {
    const check = (name: Partial<BuyerValue>, clipart: BuyerValue = pet) =>
      resolvePersonalization(
        artworks,
        [{ print_space: 'front', layer_id: 'name', ...name }, clipart],
        library,
      ).errors;
    expect(check({})).toEqual({ 'front.name': 'Please fill in “Your name”.' });
    expect(check({ text: '   ' })).toEqual({ 'front.name': 'Please fill in “Your name”.' });
    expect(check({ text: 'Alexandra' })).toEqual({
      'front.name': '“Your name” takes at most 8 characters.',
    });
    expect(check({ text: 'A\nB' })).toEqual({
      'front.name': '“Your name” must be one line of text.',
    });
    expect(check({ text: 'Al', font_id: 8 })).toEqual({
      'front.name': 'Choose one of the fonts offered for “Your name”.',
    });
    expect(check({ text: 'Al', color: '#000000' })).toEqual({
      'front.name': 'Choose one of the colours offered for “Your name”.',
    });
    expect(check({ text: 'Al' }, { ...pet, clipart_id: 41 })).toEqual({
      'front.pet': 'Choose one of the pictures offered for “Your dog”.',
    });
    expect(check({ text: 'Al' }, { print_space: 'back', layer_id: 'pet', clipart_id: 40 })).toEqual(
      {
        'back.pet': 'This product has no such field to personalise.',
        'front.pet': 'Choose one of the pictures offered for “Your dog”.',
      },
    );
  });

  it('refuses values for a product that is not personalised, and needs them for one that is', () => {
    expect(resolvePersonalization([], [pet], library).errors).toEqual({
      _: 'This product cannot be personalised.',
    });
    expect(resolvePersonalization([], [], library)).toEqual({ values: [], errors: {} });
    expect(Object.keys(resolvePersonalization(artworks, [], library).errors)).toEqual([
      'front.name',
      'front.pet',
    ]);
  });
});

describe('resolvePersonalization for the live preview', () => {
  it('skips empty fields but still refuses a wrong value', () => {
    expect(resolvePersonalization(artworks, [], library, { partial: true })).toEqual({
      values: [],
      errors: {},
    });
    const typed = resolvePersonalization(
      artworks,
      [{ print_space: 'front', layer_id: 'name', text: 'Jo' }],
      library,
      { partial: true },
    );
    expect(typed.values.map((v) => v.layer_id)).toEqual(['name']);
    expect(
      resolvePersonalization(artworks, [{ ...pet, clipart_id: 41 }], library, { partial: true })
        .errors,
    ).toEqual({ 'front.pet': 'Choose one of the pictures offered for “Your dog”.' });
  });
});

describe('personalizeDesign', () => {
  const design = PrintSpaceDesign.parse({
    printSpace: { id: '1_front', name: 'front', width: 800, height: 400 },
    objects: [
      { type: 'text', id: 'name', text: 'ALEX', left: 400, top: 100, width: 600, height: 120 },
      { type: 'text', id: 'other', text: 'Kept', left: 400, top: 380, width: 100, height: 20 },
      {
        type: 'image',
        id: 'pet',
        src: '/files/pet.png',
        left: 400,
        top: 300,
        width: 200,
        height: 200,
      },
    ],
  });
  const { values } = resolvePersonalization(
    artworks,
    [{ print_space: 'front', layer_id: 'name', text: 'Mia', font_id: 7, color: '#112233' }, pet],
    library,
  );

  it('draws the text in the chosen font and colour, and the clipart contained in the layer', () => {
    const out = personalizeDesign(design, 'front', values);
    expect(out.objects[0]).toMatchObject({
      text: 'Mia',
      fontUrl: '/files/s1/fonts/lobster.ttf',
      fill: '#112233',
      left: 400,
      width: 600,
    });
    expect(out.objects[1]).toEqual(design.objects[1]);
    expect(out.objects[2]).toMatchObject({
      src: '/files/s1/c/beagle.png',
      left: 400,
      top: 300,
      width: 200,
      height: 100,
      scaleX: 1,
      scaleY: 1,
    });
  });

  it('leaves other print spaces as the seller saved them', () => {
    expect(personalizeDesign(design, 'back', values)).toBe(design);
  });
});
