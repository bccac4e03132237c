import { type CustomMockup, can } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useParams } from 'react-router';
import { useMe } from '../../../api/hooks/useAuth.js';
import { useCustomMockups, useDeleteCustomMockup } from '../../../api/hooks/useCustomMockups.js';
import { ConfirmDialog } from '../../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../../lists/ListLoadError.js';
import { usePageTitle } from '../../usePageTitle.js';
import { ApplyCustomMockup } from './ApplyCustomMockup.js';
import { CustomMockupForm } from './CustomMockupForm.js';

/**
 * Mockup campaigns (spec §2 /campaigns/mockup/{id?}, /campaigns/template/mockup/{id?}): the
 * seller's own product photos with their print areas. With a campaign id (a campaign, or a
 * template campaign on the template route) a saved mockup renders that campaign's design and
 * becomes the default mockup of the chosen product.
 */
export function CustomMockupPage() {
  const title = usePageTitle();
  const params = useParams();
  const campaignId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const list = useCustomMockups();
  const remove = useDeleteCustomMockup();
  const [editing, setEditing] = useState<CustomMockup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomMockup | null>(null);
  const mockups = list.data ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {mayChange && editing === null ? (
          <Button onClick={() => setEditing('new')}>New mockup</Button>
        ) : null}
      </div>
      {editing !== null ? (
        <CustomMockupForm
          key={editing === 'new' ? 'new' : editing.id}
          mockup={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {campaignId !== null && mockups.length > 0 ? (
        <ApplyCustomMockup campaignId={campaignId} mockups={mockups} />
      ) : null}
      <section aria-label="Your mockups">
        <h2 className="h5">Your mockups</h2>
        <ListLoadError error={list.error} onRetry={() => void list.refetch()} />
        {list.isPending ? (
          <p role="status">Loading mockups…</p>
        ) : list.isError ? null : mockups.length === 0 ? (
          <p className="text-body-secondary">
            No mockups yet. Upload a photo of a blank product and mark where the print goes.
          </p>
        ) : (
          <Table responsive hover className="align-middle">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Photo</th>
                <th scope="col">Print area</th>
                {mayChange ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody data-testid="custom-mockup-rows">
              {mockups.map((mockup) => (
                <tr key={mockup.id}>
                  <td>{mockup.name}</td>
                  <td>
                    {mockup.width} × {mockup.height} px
                  </td>
                  <td>
                    {mockup.print_area.width} × {mockup.print_area.height} px at (
                    {mockup.print_area.x}, {mockup.print_area.y})
                  </td>
                  {mayChange ? (
                    <td className="text-end text-nowrap">
                      <Button
                        size="sm"
                        variant="outline-primary"
                        className="me-2"
                        aria-label={`Edit ${mockup.name}`}
                        onClick={() => setEditing(mockup)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Delete ${mockup.name}`}
                        onClick={() => setDeleting(mockup)}
                      >
                        Delete
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <ConfirmDialog
        show={deleting !== null}
        title="Delete mockup"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      >
        Delete {deleting?.name}? Campaign mockups already rendered from it stay as they are.
      </ConfirmDialog>
    </>
  );
}
