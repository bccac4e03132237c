import {
  ApiError,
  offersTier2Upgrade,
  SALE_VOLUME_OPTIONS,
  SURVEY_MESSAGES,
  SURVEY_STEP_DELAY_MS,
  type SurveyFieldErrors,
  surveyFields,
  surveyServerErrors,
  type User,
  validateSurvey,
} from '@printloom/core';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { useSubmitSurvey } from '../api/hooks/useSurvey.js';
import { toasts } from '../toast/toastStore.js';

/**
 * 'Seller Survey' (spec §2, §4, §5): sale volume from the fixed options, Facebook and phone only
 * when the profile lacks them. Local checks first ('Please enter a valid Facebook URL!'), then the
 * server's field errors. On success 'Your information has been saved.'; a seller on the default
 * price tag is then offered the tier-2 upgrade (500 ms later) before the dialog closes.
 */
export function SurveyDialog({
  user,
  show,
  onHide,
}: {
  user: User;
  show: boolean;
  onHide: () => void;
}) {
  const fields = surveyFields(user);
  const submit = useSubmitSurvey();
  const [values, setValues] = useState({ sale_volume: '', facebook: '', phone: '' });
  const [errors, setErrors] = useState<SurveyFieldErrors>({});
  const [offer, setOffer] = useState(false);
  const offersUpgrade = offersTier2Upgrade(user);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input: Record<string, string> = { sale_volume: values.sale_volume };
    if (fields.includes('facebook')) input.facebook = values.facebook;
    if (fields.includes('phone')) input.phone = values.phone;
    const checked = validateSurvey(input);
    setErrors(checked.errors);
    if (!checked.ok) return;
    submit.mutate(checked.value, {
      onSuccess: () => {
        toasts.show('success', SURVEY_MESSAGES.saved);
        if (offersUpgrade) setTimeout(() => setOffer(true), SURVEY_STEP_DELAY_MS);
        else onHide();
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? surveyServerErrors(error.errors) : {};
        setErrors(fieldErrors);
        toasts.show('danger', SURVEY_MESSAGES.saveFailed);
      },
    });
  };

  const field = (name: 'facebook' | 'phone', label: string, type: string) =>
    fields.includes(name) ? (
      <Form.Group className="mb-3" controlId={`survey-${name}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type={type}
          value={values[name]}
          isInvalid={errors[name] !== undefined}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
        <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
      </Form.Group>
    ) : null;

  return (
    <Modal
      show={show}
      onHide={onHide}
      centered
      aria-labelledby="survey-title"
      data-testid="survey-dialog"
    >
      <Modal.Header closeButton>
        <Modal.Title id="survey-title">Seller Survey</Modal.Title>
      </Modal.Header>
      {offer ? (
        <>
          <Modal.Body>
            <p className="mb-0">
              Thanks! Your account qualifies for the Tier 2 price list: lower base costs on every
              product.
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onHide}>
              Maybe later
            </Button>
            <Link to="/pricing" className="btn btn-primary" onClick={onHide}>
              Upgrade to Tier 2
            </Link>
          </Modal.Footer>
        </>
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          <Modal.Body>
            <p className="text-body-secondary">
              Tell us about your business so we can help you sell more.
            </p>
            <Form.Group className="mb-3" controlId="survey-sale-volume">
              <Form.Label>How many items do you sell per month?</Form.Label>
              <Form.Select
                value={values.sale_volume}
                isInvalid={errors.sale_volume !== undefined}
                onChange={(event) => setValues({ ...values, sale_volume: event.target.value })}
              >
                <option value="">Choose…</option>
                {SALE_VOLUME_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.sale_volume}</Form.Control.Feedback>
            </Form.Group>
            {field('facebook', 'Facebook page', 'url')}
            {field('phone', 'Phone', 'tel')}
          </Modal.Body>
          <Modal.Footer>
            <Button type="submit" disabled={submit.isPending}>
              Submit
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
