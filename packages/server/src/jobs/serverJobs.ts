import { aiDesignJob } from '../aiDesign/aiDesignJob.js';
import { printFilesJob } from '../orders/printFiles.js';
import { refundJob } from '../payments/refundJob.js';
import { abandonedRecoveryJob } from './abandonedRecoveryJob.js';
import { customMockupJob } from './customMockupJob.js';
import type { JobDefinition } from './defineJob.js';
import { emailCampaignSendJob, emailCampaignSweepJob } from './emailCampaignJobs.js';
import { notificationDeliveryJob } from './notificationDeliveryJob.js';
import { notificationRepeatJob } from './notificationRepeatJob.js';
import { orderMailJob } from './orderMailJob.js';
import { shopImportJob } from './shopImportJob.js';
import { uploadSweepJob } from './uploadSweepJob.js';

/** Every background job of the server; buildApp registers them at start. */
export const SERVER_JOBS: readonly JobDefinition[] = [
  uploadSweepJob,
  abandonedRecoveryJob,
  printFilesJob,
  notificationDeliveryJob,
  notificationRepeatJob,
  emailCampaignSendJob,
  emailCampaignSweepJob,
  shopImportJob,
  aiDesignJob,
  customMockupJob,
  refundJob,
  orderMailJob,
];
