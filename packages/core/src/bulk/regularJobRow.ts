import type { BulkRegularJob } from './BulkRegularJob.js';
import type { RenderedRow } from './multiSpaceWorker.js';
import type { PendingBulkRecord, TemplateCampaign } from './PendingBulkRecord.js';
import type { RegularRendered } from './regularWorker.js';
import {
  type PlannedDesign,
  type PlannedMockup,
  validateMultiSpaceRow,
} from './validateMultiSpaceRow.js';

/**
 * A regular job as a multi-space row, so the renderers draw it with their renderRow: the job's
 * artwork on every product of the template campaign (each on its main print space), recorded
 * under the new campaign. Throws the validator's message when the job cannot be planned.
 */
export function regularJobRow(input: {
  job: BulkRegularJob;
  campaignId: number;
  template: TemplateCampaign;
}): { record: PendingBulkRecord; designs: PlannedDesign[]; mockups: PlannedMockup[] } {
  const plan = validateMultiSpaceRow({
    designs: input.job.designs,
    template_campaign: input.template,
  });
  if (!plan.ok) throw new Error(plan.message);
  const record: PendingBulkRecord = {
    id: input.job.id,
    campaign_id: input.campaignId,
    template_campaign_id: input.template.id,
    template_campaign: input.template,
    type: 'regular_multi_space',
    designs: input.job.designs,
    lease_token: 'regular',
  };
  return { record, designs: plan.designs, mockups: plan.mockups };
}

/**
 * What a regular job saves from its rendered row: each design and mockup moved from the
 * template's product to its copy in the new campaign (`copies`, from pairCopiedProducts; a
 * product without a copy keeps its id), the first mockup the default one.
 */
export function regularRenderedOnCopies(
  rendered: RenderedRow,
  copies: ReadonlyMap<number, number>,
  campaignId: number,
): RegularRendered {
  const copyOf = (productId: number) => copies.get(productId) ?? productId;
  return {
    designs: rendered.designs.map((d) => ({
      print_space: d.print_space,
      product_id: copyOf(d.product_id),
      campaign_id: campaignId,
      file_url: d.file_url,
      design_json: d.design_json ?? null,
      option: d.option,
    })),
    mockups: rendered.designs3D.map((m, index) => ({
      ...m,
      product_id: copyOf(m.product_id),
      campaign_id: campaignId,
      is_default_mockup: index === 0 ? '1' : '0',
    })),
  };
}
