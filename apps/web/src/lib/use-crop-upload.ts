import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickedImageProblem } from './crop-image.ts';
import { type UploadFailure, type UploadProgressListener, uploadFailureOf } from './upload-image.ts';

/**
 * An image picked, cropped in ImageCropDialog and sent with its progress, the same way for a dish's photo
 * and a banner. `pick` checks the file (a problem is said in the words under `wordsKey`) and opens the
 * dialog on it; `confirm` sends the crop and closes the dialog once it went through. A failure stays in the
 * dialog with the picked image and the crop, so uploading again is one tap.
 */
export const useCropUpload = (
  wordsKey: 'itemPhoto' | 'cropper',
  send: (image: Blob, onProgress: UploadProgressListener) => Promise<unknown>,
) => {
  const { t } = useTranslation();
  /** The picked file's object address, shown in the dialog while it is open. */
  const [picked, setPicked] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<UploadFailure | null>(null);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked) : undefined), [picked]);

  const pick = async (file: File) => {
    setPickError(null);
    setFailure(null);
    const problem = await pickedImageProblem(file);
    if (problem) return setPickError(t(`${wordsKey}.${problem}`));
    setPicked(URL.createObjectURL(file));
  };

  const close = () => {
    setPicked(null);
    setFailure(null);
  };

  // Not useFormSubmit: no form here; the dialog shows the failure and tells a lost connection apart.
  const confirm = async (image: Blob) => {
    setFailure(null);
    setProgress(0);
    try {
      await send(image, setProgress);
      setPicked(null);
    } catch (error) {
      setFailure(uploadFailureOf(error, t));
    }
  };

  return { picked, pickError, progress, failure, pick, close, confirm };
};
