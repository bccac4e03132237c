import { errorMessage, type SenDesignItem } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useSenDesignActions, useSenDesignQueue } from '../../api/hooks/useSenDesign.js';

/**
 * SEN Design (spec §2 /orders/sen-design, issue 13): the designers' queue. Each item waiting on
 * artwork can be claimed by one designer at a time; the holder uploads the finished print file
 * of each print space and hands the order back to production.
 */
export function SenDesignPage() {
  const queue = useSenDesignQueue();
  const actions = useSenDesignActions();
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  /** Runs an action and shows the message it answers, or its error. */
  const report = async (work: () => Promise<string>) => {
    try {
      setMessage({ kind: 'success', text: await work() });
    } catch (error) {
      setMessage({ kind: 'danger', text: errorMessage(error) });
    }
  };

  return (
    <div>
      <h1 className="h3 mb-3">SEN Design</h1>
      <p className="text-body-secondary">
        Order items whose artwork needs a designer. Claim an item, upload its finished print file
        for each print space, then hand it back: the order goes to production.
      </p>
      {message ? (
        <div className={`alert alert-${message.kind}`} role="status">
          {message.text}
        </div>
      ) : null}
      {queue.isPending ? (
        <p aria-busy="true">Loading the queue…</p>
      ) : queue.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(queue.error)}{' '}
          <Button size="sm" variant="outline-danger" onClick={() => queue.refetch()}>
            Try again
          </Button>
        </div>
      ) : queue.data.length === 0 ? (
        <div className="alert alert-light border">No item is waiting on a designer.</div>
      ) : (
        <ul className="list-group">
          {queue.data.map((item) => (
            <QueueItem
              key={item.item_id}
              item={item}
              busy={
                actions.claim.isPending || actions.attach.isPending || actions.handBack.isPending
              }
              onClaim={() =>
                report(async () => {
                  await actions.claim.mutateAsync(item.item_id);
                  return 'Item claimed.';
                })
              }
              onAttach={(printSpace, file) =>
                report(async () => {
                  await actions.attach.mutateAsync({ itemId: item.item_id, printSpace, file });
                  return 'Print file saved.';
                })
              }
              onHandBack={() =>
                report(async () => {
                  const answer = await actions.handBack.mutateAsync(item.item_id);
                  return answer.status === 'designing'
                    ? `Order ${item.order_number} handed back: it goes to production once its other items have their print files.`
                    : `Order ${item.order_number} handed back to production.`;
                })
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function QueueItem(props: {
  item: SenDesignItem;
  busy: boolean;
  onClaim: () => void;
  onAttach: (printSpace: string, file: File) => void;
  onHandBack: () => void;
}) {
  const { item } = props;
  const [space, setSpace] = useState(item.print_spaces[0] ?? '');
  const [file, setFile] = useState<File | null>(null);
  const fileId = `sen-file-${item.item_id}`;
  const spaceId = `sen-space-${item.item_id}`;
  return (
    <li className="list-group-item">
      <div className="d-flex gap-3 align-items-start flex-wrap">
        {item.mockup_url ? (
          <img src={item.mockup_url} alt="" width={64} height={64} className="rounded border" />
        ) : null}
        <div className="flex-grow-1">
          <div className="fw-semibold">
            {item.name}{' '}
            {item.cross_sold ? (
              <span className="small">{item.order_number}</span>
            ) : (
              <Link to={`/orders/detail/${item.order_id}`} className="small">
                {item.order_number}
              </Link>
            )}
          </div>
          {item.cross_sold ? (
            <div className="small">
              <span className="badge text-bg-info">Cross-sold</span> Your campaign, sold in another
              seller's store: the order and its buyer stay with that store.
            </div>
          ) : null}
          <div className="small text-body-secondary">
            {item.color} · {item.size} · × {item.quantity}
          </div>
          <div className="small">
            {item.designer_id === null
              ? 'Not claimed'
              : item.claimed_by_me
                ? 'Claimed by you'
                : `Claimed by ${item.designer_name ?? 'another designer'}`}
          </div>
          {item.files.length > 0 ? (
            <div className="small">
              Files:{' '}
              {item.files.map((f) => (
                <a
                  key={f.print_space}
                  href={f.file_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="me-2"
                >
                  {f.print_space}
                </a>
              ))}
            </div>
          ) : null}
        </div>
        <div className="d-flex flex-column gap-2" style={{ minWidth: '16rem' }}>
          {!item.claimed_by_me ? (
            <Button
              size="sm"
              onClick={props.onClaim}
              disabled={props.busy || item.designer_id !== null}
            >
              Claim
            </Button>
          ) : (
            <>
              <form
                className="d-flex flex-column gap-1"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (file && space) props.onAttach(space, file);
                }}
              >
                <label htmlFor={spaceId} className="form-label small mb-0">
                  Print space
                </label>
                <select
                  id={spaceId}
                  className="form-select form-select-sm"
                  value={space}
                  onChange={(event) => setSpace(event.target.value)}
                >
                  {item.print_spaces.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
                <label htmlFor={fileId} className="form-label small mb-0">
                  Finished print file (PNG)
                </label>
                <input
                  id={fileId}
                  type="file"
                  accept="image/png"
                  className="form-control form-control-sm"
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                />
                <Button
                  size="sm"
                  type="submit"
                  variant="outline-primary"
                  disabled={props.busy || !file}
                >
                  Upload file
                </Button>
              </form>
              <Button
                size="sm"
                variant="success"
                onClick={props.onHandBack}
                disabled={props.busy || item.files.length === 0}
              >
                Hand back
              </Button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
