import { type Campaign, type CustomMockup, errorMessage, type Product } from '@printloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { api } from '../../../api/client.js';
import { queryKeys } from '../../../api/queryKeys.js';
import { drawCustomMockupOn } from '../../../editor/customMockupRender.js';
import { canvasBlob } from '../../../editor/exportDesign.js';
import { type LoadedImage, loadImage } from '../../../editor/imageCache.js';
import { ListLoadError } from '../../../lists/ListLoadError.js';
import { SAVED_MOCKUP_SIZE } from '../edit/saveCampaign.js';
import { useCampaign } from '../edit/useCampaignEditData.js';
import { MockupPreview } from './CustomMockupForm.js';

/** The product's first print space that has a design file: what the mockup shows. */
export function printedDesign(campaign: Campaign, product: Product) {
  const own = product.designs.find((d) => d.file_url);
  if (own?.file_url) return { print_space: own.print_space, file_url: own.file_url };
  const shared = campaign.designs.find((d) => d.product_id === product.id && d.file_url);
  return shared?.file_url ? { print_space: shared.print_space, file_url: shared.file_url } : null;
}

const productLabel = (product: Product) => product.name ?? `Product ${product.id}`;

/**
 * Renders the campaign's design for one product on a custom mockup and saves the image as that
 * product's default mockup (uploaded under the campaign's mockup folder, spec §7).
 */
export function ApplyCustomMockup(props: { campaignId: number; mockups: CustomMockup[] }) {
  const id = useId();
  const client = useQueryClient();
  const campaign = useCampaign(props.campaignId, true);
  const [mockupId, setMockupId] = useState(props.mockups[0]?.id ?? 0);
  const [productId, setProductId] = useState(0);
  const [images, setImages] = useState<{ photo: LoadedImage; design: LoadedImage } | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  const products = campaign.data?.products ?? [];
  const product = products.find((p) => p.id === productId) ?? products[0];
  const mockup = props.mockups.find((m) => m.id === mockupId) ?? props.mockups[0];
  const design = campaign.data && product ? printedDesign(campaign.data, product) : null;
  const designUrl = design?.file_url ?? null;

  useEffect(() => {
    setImages(null);
    setLoadError(null);
    if (!mockup || !designUrl) return;
    let live = true;
    Promise.all([loadImage(mockup.file_url), loadImage(designUrl)]).then(
      ([photo, art]) => live && setImages({ photo, design: art }),
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [mockup, designUrl]);

  const apply = useMutation({
    mutationFn: async () => {
      if (!mockup || !product || !design || !images) throw new Error('Choose a mockup');
      const canvas = document.createElement('canvas');
      drawCustomMockupOn(canvas, mockup, images.photo.full, images.design.full, SAVED_MOCKUP_SIZE);
      const uploaded = await api.uploads.uploadMockup({
        campaignId: props.campaignId,
        mockupId: mockup.id,
        timestamp: Date.now(),
        file: await canvasBlob(canvas, 'image/jpeg', 0.9),
        contentType: 'image/jpeg',
      });
      return api.campaigns.update({
        params: { id: props.campaignId },
        body: {
          mockups: [
            {
              product_id: product.id,
              print_space: design.print_space,
              file_url: uploaded.fileUrl,
              is_default: true,
            },
          ],
        },
      });
    },
    onSuccess: async () => {
      setDone(`${mockup?.name} is now the mockup of ${product ? productLabel(product) : ''}.`);
      await client.invalidateQueries({ queryKey: queryKeys.campaigns.all });
    },
  });

  return (
    <section aria-labelledby={`${id}-title`} className="card card-body mb-4">
      <h2 className="h5" id={`${id}-title`}>
        Use on {campaign.data ? campaign.data.name : `campaign ${props.campaignId}`}
      </h2>
      <ListLoadError error={campaign.error} onRetry={() => void campaign.refetch()} />
      {campaign.isPending ? <p role="status">Loading the campaign…</p> : null}
      {campaign.data ? (
        <div className="row g-3">
          <div className="col-md-5">
            <Form.Group className="mb-3" controlId={`${id}-mockup`}>
              <Form.Label>Mockup</Form.Label>
              <Form.Select
                value={mockup?.id ?? ''}
                onChange={(event) => setMockupId(Number(event.target.value))}
              >
                {props.mockups.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3" controlId={`${id}-product`}>
              <Form.Label>Product</Form.Label>
              <Form.Select
                value={product?.id ?? ''}
                onChange={(event) => setProductId(Number(event.target.value))}
              >
                {products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {productLabel(p)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {!design ? (
              <p className="text-body-secondary">
                This product has no design yet: design it in the campaign editor first.
              </p>
            ) : null}
            {loadError ? (
              <p className="text-danger" role="alert">
                {errorMessage(loadError)}
              </p>
            ) : null}
            {apply.error ? (
              <p className="text-danger" role="alert">
                {errorMessage(apply.error)}
              </p>
            ) : null}
            {done ? <p role="status">{done}</p> : null}
            <Button
              disabled={!images || apply.isPending}
              onClick={() => {
                setDone(null);
                apply.mutate();
              }}
            >
              {apply.isPending ? 'Saving…' : 'Use as the product mockup'}
            </Button>
          </div>
          <div className="col-md-7">
            {images && mockup ? (
              <MockupPreview
                mockup={mockup}
                photo={images.photo}
                design={images.design}
                label={`${productLabel(product as Product)} on ${mockup.name}`}
              />
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
