package org.courseplatform.courses.editor;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.List;
import org.courseplatform.courses.document.ElementType;
import org.courseplatform.courses.document.ScreenType;
import org.courseplatform.courses.layout.IdSource;
import org.courseplatform.courses.layout.Layout;
import org.courseplatform.courses.layout.LayoutCatalog;

/**
 * What the editor can make (GET /v1/headless/player/editor/catalogue): the element types with
 * their fields, the screen types, and every layout with the screens it creates, which the layout
 * picker renders as its preview. It is code, not data, so it is built once and kept.
 */
@ApplicationScoped
public class EditorCatalogue {

    private final EditorViews.Catalogue catalogue;

    public EditorCatalogue(LayoutCatalog layouts) {
        List<EditorViews.ElementTypeInfo> elementTypes = Arrays.stream(ElementType.values())
                .map(type -> new EditorViews.ElementTypeInfo(type.typeName(), type.fields()))
                .toList();
        List<EditorViews.ScreenTypeInfo> screenTypes = Arrays.stream(ScreenType.values())
                .map(type -> new EditorViews.ScreenTypeInfo(type.typeName(), type.typeId()))
                .toList();
        // Placeholder ids (screen-1, element-1, …): the editor gives a chosen layout fresh ones.
        List<EditorViews.LayoutInfo> layoutInfos =
                layouts.all().stream().map(layout -> info(layouts, layout)).toList();
        this.catalogue = new EditorViews.Catalogue(elementTypes, screenTypes, layoutInfos);
    }

    private static EditorViews.LayoutInfo info(LayoutCatalog layouts, Layout layout) {
        return new EditorViews.LayoutInfo(
                layout.id(),
                layout.name(),
                layout.category(),
                layout.screenType(),
                List.copyOf(layouts.instantiate(layout.id(), null, IdSource.sequential())));
    }

    public EditorViews.Catalogue get() {
        return catalogue;
    }
}
