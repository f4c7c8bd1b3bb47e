/**
 * The full-size image viewer (yet-another-react-lightbox with zoom and download). Loaded lazily
 * on the first click on a picture, with its stylesheet.
 */
import { useTranslation } from "react-i18next";
import YARL from "yet-another-react-lightbox";
import Download from "yet-another-react-lightbox/plugins/download";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";

export interface LightboxImage {
  src: string;
  downloadUrl: string;
  name: string;
  width?: number;
  height?: number;
}

export default function Lightbox({ image, onClose }: { image: LightboxImage; onClose: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <YARL
      open
      close={onClose}
      slides={[{ src: image.src, alt: image.name, width: image.width, height: image.height, download: { url: image.downloadUrl, filename: image.name } }]}
      plugins={[Zoom, Download]}
      carousel={{ finite: true }}
      controller={{ closeOnBackdropClick: true }}
      // One picture: no previous/next arrows.
      render={{
        buttonPrev: () => null,
        buttonNext: () => null,
        // The file name, top left, opposite the toolbar.
        controls: () => (
          <div className="pointer-events-none absolute top-0 left-0 flex h-16 max-w-[60%] items-center px-5 text-sm font-medium text-white/90" data-testid="lightbox-title">
            <span className="truncate">{image.name}</span>
          </div>
        ),
      }}
      labels={{
        Close: t("content.lightbox.close"),
        Download: t("content.download"),
        "Zoom in": t("content.lightbox.zoom_in"),
        "Zoom out": t("content.lightbox.zoom_out"),
        Lightbox: t("content.lightbox.label"),
      }}
      styles={{ container: { backgroundColor: "rgb(9 9 11 / 0.92)" } }}
    />
  );
}
