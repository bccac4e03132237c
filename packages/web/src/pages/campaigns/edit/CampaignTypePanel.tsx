import {
  AI_TOOL_LABELS,
  type CampaignType,
  hasTag,
  pagePath,
  type UserLike,
} from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../api/client.js';
import { queryKeys } from '../../../api/queryKeys.js';
import { TAGS } from '../../../constants.js';
import { loadImage } from '../../../editor/imageCache.js';
import { RelatedPages } from '../../RelatedPages.js';

/** How many finished AI results the AI editor offers. */
export const AI_RESULTS_SHOWN = 12;
const AI_QUERY = { page: 1, per_page: AI_RESULTS_SHOWN, status: 'done' } as const;

export type AddImage = (image: {
  src: string;
  width: number;
  height: number;
  name: string;
}) => void;

/**
 * What the editor of a campaign type adds to the regular one (spec §3 campaign types):
 * - ai_mockup: the seller's finished AI design results (background removed, upscaled), each
 *   added to the open print space in one click;
 * - custom and mockup: the seller's own product photos as mockups, once the campaign is saved.
 * Other types show nothing here (aop and combo change the product list and the pricing).
 */
export function CampaignTypePanel({
  type,
  user,
  campaignId,
  canAdd,
  onAddImage,
}: {
  type: CampaignType;
  user: UserLike;
  campaignId: number | null;
  /** A print space is open to add to. */
  canAdd: boolean;
  onAddImage: AddImage;
}) {
  if (type === 'aop') return <RelatedPages pages={['aop_test']} label="Try a pattern first" />;
  if (type === 'ai_mockup')
    return <AiResults user={user} canAdd={canAdd} onAddImage={onAddImage} />;
  if (type === 'custom' || type === 'mockup') {
    return (
      <section className="card" aria-labelledby="own-mockups-heading">
        <div className="card-body">
          <h2 className="h6" id="own-mockups-heading">
            Your own mockups
          </h2>
          {campaignId === null ? (
            <p className="small text-body-secondary mb-0">
              Save the campaign, then show its design on your own product photos.
            </p>
          ) : (
            <Link
              className="btn btn-sm btn-outline-primary"
              to={pagePath('campaign_mockup', { id: campaignId })}
            >
              Use your own product photos
            </Link>
          )}
        </div>
      </section>
    );
  }
  return null;
}

function AiResults({
  user,
  canAdd,
  onAddImage,
}: {
  user: UserLike;
  canAdd: boolean;
  onAddImage: AddImage;
}) {
  const allowed = hasTag(user, TAGS.beta);
  const jobs = useQuery({
    queryKey: queryKeys.aiDesign.list(AI_QUERY),
    queryFn: () => api.aiDesign.list({ query: AI_QUERY }),
    enabled: allowed,
  });
  const [adding, setAdding] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const results = (jobs.data?.data ?? []).filter((job) => job.output !== null);

  return (
    <section className="card" aria-labelledby="ai-results-heading">
      <div className="card-body">
        <h2 className="h6" id="ai-results-heading">
          AI design results
        </h2>
        {!allowed ? (
          <p className="small text-body-secondary mb-0">
            AI design tools are in beta: ask support to join.
          </p>
        ) : jobs.isPending ? (
          <p className="small mb-0" role="status">
            Loading your AI results…
          </p>
        ) : jobs.isError ? (
          <p className="small text-danger mb-0" role="alert">
            Your AI results could not be loaded: {jobs.error.message}{' '}
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              onClick={() => void jobs.refetch()}
            >
              Try again
            </button>
          </p>
        ) : results.length === 0 ? (
          <p className="small text-body-secondary mb-0">
            No AI results yet.{' '}
            <Link to={pagePath('ai_design')}>Remove a background or upscale an artwork</Link>, then
            add it here.
          </p>
        ) : (
          <>
            {!canAdd && (
              <p className="small text-body-secondary">
                Choose a product to add a result to its design.
              </p>
            )}
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" data-testid="ai-results">
              {results.map((job) => {
                const output = job.output!;
                const name = `${AI_TOOL_LABELS[job.tool]} #${job.id}`;
                return (
                  <li key={job.id}>
                    <button
                      type="button"
                      className="btn btn-outline-secondary p-1"
                      disabled={!canAdd || adding !== null}
                      aria-label={`Add ${name} (${output.width} × ${output.height}) to the design`}
                      onClick={async () => {
                        setAdding(job.id);
                        setProblem(null);
                        try {
                          const image = await loadImage(output.file_url);
                          onAddImage({
                            src: output.file_url,
                            width: image.width,
                            height: image.height,
                            name,
                          });
                        } catch (error) {
                          console.error('An AI result did not load', error);
                          setProblem('This result could not be loaded. Try again.');
                        } finally {
                          setAdding(null);
                        }
                      }}
                    >
                      <img
                        src={output.file_url}
                        alt=""
                        width={64}
                        height={64}
                        className="object-fit-contain"
                      />
                    </button>
                  </li>
                );
              })}
            </ul>
            {problem && (
              <p className="small text-danger mt-2 mb-0" role="alert">
                {problem}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
