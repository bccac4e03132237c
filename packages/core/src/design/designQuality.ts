import { lowestDesignDpi } from '../quality/imageDpi.js';
import { type QualityLabel, qualityLabel } from '../quality/qualityLabel.js';
import { PRINT_TYPE_FULL_3D } from './constants.js';
import type { PrintSpaceDesign } from './DesignDocument.js';

/**
 * Print quality of a print space's design (spec §5): the label of its lowest image DPI. Locked
 * images, a locked canvas and 3D full-print products count as full DPI.
 */
export function designQuality(
  design: Pick<PrintSpaceDesign, 'printSpace' | 'objects' | 'lockEdit'>,
  printType = 0,
): { lowestDpi: number; label: QualityLabel } {
  const { DPI, minDPI } = design.printSpace;
  const images = design.objects
    .filter((o) => o.type === 'image')
    .map((o) => ({
      scale: Math.max(o.scaleX, o.scaleY),
      locked: o.locked || design.lockEdit,
      fullPrint3d: printType === PRINT_TYPE_FULL_3D,
    }));
  const lowestDpi = lowestDesignDpi(images, DPI);
  return { lowestDpi, label: qualityLabel(lowestDpi, DPI, minDPI) };
}
