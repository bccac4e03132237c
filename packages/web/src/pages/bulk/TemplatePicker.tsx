import {
  type CampaignProductType,
  errorMessage,
  TEMPLATE_PRODUCT_TYPE,
  type TemplateCampaign,
} from '@printloom/core';
import { useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import { SearchBox } from '../lists/SearchBox.js';
import { TEMPLATE_SEARCH_SIZE } from './constants.js';

/** Print spaces of a template product as the page lists them: 'front, back'. */
export function printSpaceNames(printSpaces: TemplateCampaign['products'][number]['print_spaces']) {
  try {
    const list: unknown = typeof printSpaces === 'string' ? JSON.parse(printSpaces) : printSpaces;
    if (!Array.isArray(list)) return '';
    return list
      .map((space) =>
        typeof space === 'object' && space && 'name' in space ? String(space.name) : '',
      )
      .filter(Boolean)
      .join(', ');
  } catch {
    return '';
  }
}

/**
 * Step 1 of the import: the campaign every row copies. The seller searches their campaigns
 * (200 ms debounce) and picks one; once picked, its products and print spaces are shown, since
 * they decide which rows are valid.
 */
export function TemplatePicker(props: {
  templateId: number | undefined;
  origin: TemplateCampaign | undefined;
  originLoading: boolean;
  originError: unknown;
  onPick: (id: number | undefined) => void;
  /** Only campaigns of this product type (template campaigns for the template bulk page). */
  productType?: CampaignProductType | undefined;
}) {
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const choosing = props.templateId === undefined;
  const templatesOnly = props.productType === TEMPLATE_PRODUCT_TYPE;
  const results = useCampaignList(
    {
      q: q || undefined,
      per_page: TEMPLATE_SEARCH_SIZE,
      order_by: 'id:desc',
      ...(props.productType ? { product_type: props.productType } : {}),
    },
    choosing,
  );

  if (!choosing) {
    return (
      <div data-testid="template-picked">
        {props.originLoading ? (
          <p className="mb-0">
            <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
            Loading campaign #{props.templateId}…
          </p>
        ) : props.originError ? (
          <div className="alert alert-danger mb-2" role="alert">
            {errorMessage(props.originError)}
          </div>
        ) : props.origin ? (
          <>
            <p className="mb-2">
              Rows copy <strong>{props.origin.name ?? `Campaign #${props.origin.id}`}</strong> (#
              {props.origin.id}):
            </p>
            <ul className="small mb-2" data-testid="template-products">
              {props.origin.products.map((product) => (
                <li key={product.id}>
                  Product #{product.id} (template {product.template_id}) — print spaces:{' '}
                  <code>{printSpaceNames(product.print_spaces) || 'none'}</code>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <Button size="sm" variant="outline-secondary" onClick={() => props.onPick(undefined)}>
          Choose another campaign
        </Button>
      </div>
    );
  }

  const campaigns = results.data?.data ?? [];
  return (
    <div data-testid="template-search">
      <div style={{ maxWidth: 420 }}>
        <SearchBox
          value={q}
          onSearch={onSearch}
          label={templatesOnly ? 'Search your templates' : 'Search your campaigns'}
        />
      </div>
      {results.isError ? (
        <div className="alert alert-danger mt-2" role="alert">
          {errorMessage(results.error)}
        </div>
      ) : null}
      {results.isPending ? (
        <p className="mt-2 mb-0">
          <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
          Loading campaigns…
        </p>
      ) : campaigns.length === 0 ? (
        <p className="mt-2 mb-0 text-body-secondary">
          {q
            ? `No ${templatesOnly ? 'template' : 'campaign'} matches “${q}”.`
            : templatesOnly
              ? 'You have no templates yet: save a campaign as a template first.'
              : 'You have no campaigns yet: create one first.'}
        </p>
      ) : (
        <ListGroup
          className="mt-2"
          style={{ maxWidth: 520 }}
          aria-label={templatesOnly ? 'Templates' : 'Campaigns'}
        >
          {campaigns.map((campaign) => (
            <ListGroup.Item
              key={campaign.id}
              action
              onClick={() => props.onPick(campaign.id)}
              className="d-flex justify-content-between align-items-center"
            >
              <span>{campaign.name}</span>
              <small className="text-body-secondary">#{campaign.id}</small>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
